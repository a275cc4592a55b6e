/**
 * What 编辑完成 adds for 数字签名: the worker's signature step (key, the picked seal as appearance,
 * the timestamp relay), or why it cannot sign yet. Pure over the store's state.
 */

import type { DigsigState } from '../../store/digsig';
import { appearanceOf, type DigsigProblem, keyChoice } from '../../store/digsig';
import type { PdfPlacement } from '../../store/pdfsign';
import { toEngine } from '../pdfsign/exportPlan';
import type { SignatureStep } from '../pdfsign/signJob';
import { timestampRelayUrl } from './tsa';

export type SigningPlan =
  | { ok: true; step: SignatureStep<Blob>; appearanceId: string }
  | { ok: false; error: DigsigProblem };

export function signingPlan(
  state: DigsigState & { pdfPlacements: readonly PdfPlacement[] },
  origin: string,
): SigningPlan {
  const key = keyChoice(state);
  if (!key) return { ok: false, error: { code: 'NO_KEY', message: 'No certificate' } };
  const appearance = appearanceOf(state.pdfPlacements, state.digsigAppearance);
  if (!appearance) {
    return { ok: false, error: { code: 'NO_APPEARANCE', message: 'No seal placed' } };
  }
  return {
    ok: true,
    appearanceId: appearance.id,
    step: {
      key:
        key.kind === 'p12'
          ? { kind: 'p12', p12: key.file, password: key.password }
          : { kind: 'cryptoKey', privateKey: key.key.privateKey, chain: key.key.chain },
      appearance: toEngine(appearance),
      timestampUrl: state.digsigTimestamp
        ? timestampRelayUrl(origin, state.digsigTsaUrl)
        : undefined,
    },
  };
}
