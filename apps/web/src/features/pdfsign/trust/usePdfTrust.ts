/**
 * The opened PDF's protections for PDF签章 (signatures, password, permissions), read in the PDF
 * worker, and the user's choices about them. Local to the tab: nothing here outlives the file.
 */
import { useRef, useState } from 'react';
import type { InspectAnswer } from '../../../workers/protocol';
import { NO_CHOICE, type PdfTrust, type TrustChoice } from './trust';

async function inspect(file: Blob, password: string | undefined): Promise<InspectAnswer> {
  try {
    const { pdfJobs } = await import('../../../workers/pdfJobs');
    return await pdfJobs().run({ kind: 'inspect', bytes: await file.arrayBuffer(), password });
  } catch (error) {
    return { ok: false, code: 'FAILED', message: String(error) };
  }
}

/** The engine's answer as PdfTrust; null when it could not tell (the export still checks). */
export function trustOf(answer: InspectAnswer): PdfTrust | null {
  if (!answer.ok || answer.canModify === undefined) return null;
  return {
    signatures: answer.signatures ?? 0,
    encrypted: answer.encrypted ?? false,
    canModify: answer.canModify,
    certification: answer.certification ?? null,
  };
}

export type OwnerState = 'idle' | 'checking' | 'wrong' | 'ok';

export interface PdfTrustState {
  readonly trust: PdfTrust | null;
  readonly choice: TrustChoice;
  readonly owner: OwnerState;
  /** A newly opened file: forget the last one's choices, keep 移除密码 as ticked when opening. */
  read(file: Blob, password: string | undefined, removePassword: boolean): void;
  /** Tries an owner password; it lifts the restrictions when the engine says it may modify. */
  tryOwner(password: string): void;
  confirm(ignoreRestrictions: boolean): void;
}

export function usePdfTrust(): PdfTrustState {
  const [trust, setTrust] = useState<PdfTrust | null>(null);
  const [choice, setChoice] = useState<TrustChoice>(NO_CHOICE);
  const [owner, setOwner] = useState<OwnerState>('idle');
  const file = useRef<Blob | null>(null);
  const serial = useRef(0);

  return {
    trust,
    choice,
    owner,
    read(blob, password, removePassword) {
      const attempt = ++serial.current;
      file.current = blob;
      setTrust(null);
      setOwner('idle');
      setChoice({ ...NO_CHOICE, removePassword });
      void inspect(blob, password).then((answer) => {
        if (serial.current === attempt) setTrust(trustOf(answer));
      });
    },
    tryOwner(password) {
      const blob = file.current;
      if (!blob) return;
      const attempt = serial.current;
      setOwner('checking');
      void inspect(blob, password).then((answer) => {
        if (serial.current !== attempt) return;
        const read = trustOf(answer);
        if (!read?.canModify) {
          setOwner('wrong');
          return;
        }
        setOwner('ok');
        setTrust(read);
        setChoice((c) => ({ ...c, ownerPassword: password }));
      });
    },
    confirm(ignoreRestrictions) {
      setChoice((c) => ({ ...c, ignoreRestrictions }));
    },
  };
}
