/**
 * The logic calls of the solver worker (hint, solve by logic, rate, the setter's generator),
 * through the real Comlink seam and the real engine on an in-thread channel.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createBoard, standardRegions } from '../../src/engine/board.ts';
import { countSolutionsDlx } from '../../src/engine/dlx.ts';
import { hasClueSymmetry } from '../../src/engine/generator.ts';
import { validateLayout } from '../../src/engine/layout.ts';
import { ratePuzzle } from '../../src/engine/logic/rating.ts';
import type { SetterProgress } from '../../src/engine/generator.ts';
import { isAbortError } from '../../src/worker/client.ts';
import { createSolverApi } from '../../src/worker/solverApi.ts';
import { createChannelClient, type ChannelClient } from './channelClient.ts';

// A newspaper-easy standard 9x9 (singles only) and its solution.
const EASY = '.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.';
const EASY_SOLUTION =
  '527389416819426735436751829375692184194538267268174593643217958951843672782965341';
const digitsOf = (text: string): number[] => Array.from(text, (c) => (c === '.' ? 0 : Number(c)));
const STANDARD_9 = Array.from(standardRegions(9));

let client: ChannelClient;
afterEach(() => client?.dispose());

describe('logic in the worker', () => {
  it('nextStep gives the first step with its explanation, agreeing with the solution', async () => {
    client = createChannelClient();
    const hint = await client.nextStep({ size: 9, regions: STANDARD_9, digits: digitsOf(EASY) });
    expect(hint.status).toBe('step');
    const step = hint.step!;
    expect(step.technique).toBe('hidden single');
    expect(step.explanation).toMatch(/r\dc\d/);
    expect(step.placements.length).toBeGreaterThan(0);
    for (const { cell, digit } of step.placements) {
      expect(digit).toBe(Number(EASY_SOLUTION[cell]));
    }
  });

  it('nextStep starts from the candidates given, and says when the grid is full', async () => {
    client = createChannelClient();
    const digits = digitsOf(EASY);
    const first = await client.nextStep({ size: 9, regions: STANDARD_9, digits });
    // Place the first step's digit: the next hint comes from the new position.
    const placed = digits.slice();
    for (const { cell, digit } of first.step!.placements) placed[cell] = digit;
    const second = await client.nextStep({ size: 9, regions: STANDARD_9, digits: placed });
    expect(second.step).not.toEqual(first.step);
    const full = await client.nextStep({
      size: 9,
      regions: STANDARD_9,
      digits: digitsOf(EASY_SOLUTION),
    });
    expect(full).toEqual({ status: 'solved', step: null });
  });

  it('solveByLogic lists every step to the end of an easy puzzle', async () => {
    client = createChannelClient();
    const result = await client.solveByLogic({
      size: 9,
      regions: STANDARD_9,
      digits: digitsOf(EASY),
    });
    expect(result.status).toBe('solved');
    expect(result.digits.join('')).toBe(EASY_SOLUTION);
    expect(result.stuckCells).toEqual([]);
    // Each placement once: 81 cells minus the clues.
    const placements = result.steps.flatMap((step) => step.placements);
    expect(placements).toHaveLength(81 - digitsOf(EASY).filter(Boolean).length);
  });

  it('solveByLogic says where it got stuck', async () => {
    client = createChannelClient();
    const digits = new Array<number>(81).fill(0);
    digits[0] = 1;
    const result = await client.solveByLogic({ size: 9, regions: STANDARD_9, digits });
    expect(result.status).toBe('stuck');
    expect(result.stuckCells).toHaveLength(80);
  });

  it('rate rates a unique puzzle and says when there is no single solution', async () => {
    client = createChannelClient();
    const easy = await client.rate({ size: 9, regions: STANDARD_9, digits: digitsOf(EASY) });
    expect(easy.solutions).toBe('unique');
    expect(easy.rating).toMatchObject({ level: 'easy', hardest: 'hidden single' });
    expect(easy.rating!.steps).toBeGreaterThan(0);
    const open = await client.rate({
      size: 4,
      regions: standardRegions(4),
      digits: new Array(16).fill(0),
    });
    expect(open).toEqual({ solutions: 'multiple', rating: null });
    const clash = new Array<number>(16).fill(0);
    clash[0] = clash[1] = 1;
    expect(await client.rate({ size: 4, regions: standardRegions(4), digits: clash })).toEqual({
      solutions: 'none',
      rating: null,
    });
  });
});

describe('the setter generator in the worker', () => {
  it('makes a hard 9x9 puzzle on a symmetric layout with 180° clues, reporting attempts', async () => {
    client = createChannelClient();
    const progress: SetterProgress[] = [];
    const made = await client.generateSetterPuzzle(
      {
        size: 9,
        layout: 'symmetric',
        clueSymmetry: '180',
        minimal: false,
        difficulty: 'hard',
        seed: 7,
      },
      { onProgress: (report) => progress.push(report) },
    );
    expect(made.rating.level).toBe('hard');
    const board = createBoard(9, made.regions, made.givens);
    expect(validateLayout(9, board.regions)).toEqual([]);
    // The layout is symmetric under a half turn: cell and image pair regions consistently.
    const pairs = new Map<number, number>();
    for (let cell = 0; cell < 81; cell++) {
      const image = made.regions[80 - cell];
      expect(pairs.get(made.regions[cell]) ?? image).toBe(image);
      pairs.set(made.regions[cell], image);
    }
    expect(hasClueSymmetry(board, '180')).toBe(true);
    expect(countSolutionsDlx(board, 2).count).toBe(1);
    expect(made.attempts).toBeGreaterThanOrEqual(1);
    await expect.poll(() => progress.length).toBeGreaterThan(0);
    expect(progress[0]).toMatchObject({ maxAttempts: 200 });
  });

  it('keeps the given layout and makes a minimal puzzle', async () => {
    client = createChannelClient();
    const made = await client.generateSetterPuzzle({
      size: 6,
      layout: 'keep',
      regions: Array.from(standardRegions(6)),
      clueSymmetry: 'none',
      minimal: true,
      seed: 3,
    });
    expect(made.regions).toEqual(Array.from(standardRegions(6)));
    const givens = made.givens;
    expect(countSolutionsDlx(createBoard(6, made.regions, givens), 2).count).toBe(1);
    for (let cell = 0; cell < 36; cell++) {
      if (!givens[cell]) continue;
      const fewer = givens.slice();
      fewer[cell] = 0;
      expect(countSolutionsDlx(createBoard(6, made.regions, fewer), 2).count).toBe(2);
    }
    // No difficulty asked: the generator does not rate, the worker rates for the app.
    expect(made.rating).toEqual(ratePuzzle(createBoard(6, made.regions, givens)));
  });

  it('gives the closest puzzle, saying so, when the difficulty cannot be had', async () => {
    client = createChannelClient();
    const made = await client.generateSetterPuzzle({
      size: 4,
      layout: 'keep',
      regions: Array.from(standardRegions(4)),
      clueSymmetry: 'none',
      minimal: false,
      difficulty: 'expert',
      maxAttempts: 3,
      seed: 1,
    });
    expect(made.note).toMatch(
      /^No 4×4 puzzle rated expert turned up in 3 attempts on this layout; this one, rated (easy|medium), is the closest made\.$/,
    );
    const board = createBoard(4, made.regions, made.givens);
    expect(made.rating).toEqual(ratePuzzle(board));
    expect(countSolutionsDlx(board, 2).count).toBe(1);
  });

  it('makes a puzzle within an ER range (Sudoku Explainer) asked through the seam', async () => {
    client = createChannelClient();
    const made = await client.generateSetterPuzzle({
      size: 9,
      layout: 'random',
      clueSymmetry: 'none',
      minimal: false,
      difficulty: { er: [3.0, 4.0] },
      seed: 5,
    });
    const board = createBoard(9, made.regions, made.givens);
    expect(made.rating).toEqual(ratePuzzle(board));
    expect(made.rating.explainer?.er).toBeGreaterThanOrEqual(3.0);
    expect(made.rating.explainer?.er).toBeLessThanOrEqual(4.0);
    expect(countSolutionsDlx(board, 2).count).toBe(1);
    expect(made.note).toBeUndefined();
  });

  it('gives the closest puzzle by ER, naming the range, when a range cannot be had', async () => {
    client = createChannelClient();
    const made = await client.generateSetterPuzzle({
      size: 4,
      layout: 'keep',
      regions: Array.from(standardRegions(4)),
      clueSymmetry: 'none',
      minimal: false,
      difficulty: { er: [4.0, 5.0] },
      maxAttempts: 3,
      seed: 1,
    });
    const board = createBoard(4, made.regions, made.givens);
    expect(made.rating).toEqual(ratePuzzle(board));
    const er = made.rating.explainer?.er.toFixed(1);
    expect(made.note).toBe(
      `No 4×4 puzzle rated ER 4.0–5.0 turned up in 3 attempts on this layout; this one, rated ER ${er} (${made.rating.level}), is the closest made.`,
    );
  });

  it('shares the attempts of a difficulty among random layouts, and counts them all', async () => {
    client = createChannelClient();
    const progress: SetterProgress[] = [];
    const made = await client.generateSetterPuzzle(
      {
        size: 4,
        layout: 'random',
        clueSymmetry: 'none',
        minimal: false,
        difficulty: 'hard',
        maxAttempts: 6,
        seed: 2,
      },
      { onProgress: (report) => progress.push(report) },
    );
    expect(made.attempts).toBe(6);
    expect(made.note).toMatch(
      /^No 4×4 puzzle rated hard turned up in 6 attempts on 3 random layouts/,
    );
    await expect.poll(() => progress.length).toBeGreaterThan(0);
    for (const report of progress) expect(report.maxAttempts).toBe(6);
  });

  it('Cancel (abort) stops a generation at once and the next call starts a fresh worker', async () => {
    client = createChannelClient();
    const controller = new AbortController();
    const pending = client.generateSetterPuzzle(
      {
        size: 16,
        layout: 'random',
        clueSymmetry: 'none',
        minimal: true,
        difficulty: 'expert',
        seed: 5,
      },
      { signal: controller.signal },
    );
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(client.terminations).toBe(1);
    const hint = await client.nextStep({ size: 9, regions: STANDARD_9, digits: digitsOf(EASY) });
    expect(hint.status).toBe('step');
    expect(client.starts).toBe(2);
  });
});

describe('heartbeats', () => {
  it('a solve by logic, a rating and a generation beat while they work', async () => {
    let beats = 0;
    const api = createSolverApi({ beat: () => beats++ });
    const request = { size: 9, regions: STANDARD_9, digits: digitsOf(EASY) };
    await api.solveByLogic(request);
    // At least once per technique tried for every step.
    expect(beats).toBeGreaterThan(40);
    beats = 0;
    await api.rate(request);
    expect(beats).toBeGreaterThan(40);
    beats = 0;
    await api.generateSetterPuzzle({
      size: 9,
      layout: 'random',
      clueSymmetry: 'none',
      minimal: true,
      seed: 2,
    });
    expect(beats).toBeGreaterThan(81);
  });
});
