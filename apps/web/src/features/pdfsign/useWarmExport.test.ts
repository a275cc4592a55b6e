/** Which stamps the export's worker encodes ahead: the newest few of the gallery, and every placed one. */
import { describe, expect, it } from 'vitest';
import type { SealState } from '../../store';
import { stampsAhead } from './useWarmExport';

type Stamps = Pick<SealState, 'stamps' | 'pdfPlacements'>;
const gallery = (...ids: string[]) => ids.map((id) => ({ id })) as unknown as Stamps['stamps'];
const placed = (...ids: string[]) =>
  ids.map((stampId) => ({ stampId })) as unknown as Stamps['pdfPlacements'];

describe('stampsAhead', () => {
  it.each([
    ['nothing yet', gallery(), placed(), []],
    [
      'the three newest of the gallery',
      gallery('e', 'd', 'c', 'b', 'a'),
      placed(),
      ['c', 'd', 'e'],
    ],
    [
      'an older stamp once placed',
      gallery('e', 'd', 'c', 'b', 'a'),
      placed('a', 'a'),
      ['a', 'c', 'd', 'e'],
    ],
    ['a placed stamp gone from the gallery', gallery('b'), placed('gone'), ['b', 'gone']],
  ])('%s', (_, stamps, pdfPlacements, expected) => {
    expect(stampsAhead({ stamps, pdfPlacements })).toEqual(expected);
  });
});
