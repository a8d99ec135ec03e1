/** Every benchmarked engine: ours first, then the npm peers. */
import { algorithmTs } from './algorithmTs.ts';
import { dancingLinks } from './dancingLinks.ts';
import { squigglyBasic, squigglyDlx, squigglyBest } from './squiggly.ts';
import type { Engine } from './types.ts';

export const ENGINES: readonly Engine[] = [
  squigglyBest,
  squigglyDlx,
  squigglyBasic,
  dancingLinks,
  algorithmTs,
];

export type { Engine } from './types.ts';
