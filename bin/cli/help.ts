/** Help texts of the command line tool. */
import { FORMAT_NAMES, FORMATS, FPUZZLES_LINES, ISS_LINES } from '../../src/formats/index.ts';

const formatList = [
  ...FORMAT_NAMES.map((name) => `    ${name.padEnd(8)} ${FORMATS[name].summary}`),
  `    ${'fpuzzles'.padEnd(8)} ${FPUZZLES_LINES.summary}`,
  `    ${'iss'.padEnd(8)} ${ISS_LINES.summary}`,
].join('\n');

const inputHelp = `Input:
  FILE, or standard input when FILE is missing or "-". The whole input is read at once.
  --format, -f NAME   one of ${FORMAT_NAMES.join(', ')}, fpuzzles, iss, or auto (the default:
                      told from the first cases, by majority; when it matters, standard
                      error says which format was chosen and why)
${formatList}
  --max-errors N      errors shown in full on standard error (default 100, 0 = all); the
                      rest are summed up in one line that names their cases`;

const engineHelp = `Engine:
  --engine, -e NAME   best (default: bitsets with propagation, per-digit band boards for
                      9x9; 'fast' names it too), dlx (Dancing Links, the reference), or
                      basic (plain backtracking, slow on hard puzzles)
  --jobs, -j N        threads for files of many cases, 1 to 8 (default: one per core,
                      at most 3, once a file proves big); the output is the same for
                      any N, and each thread adds about 14 MB of memory`;

/** Exit statuses; `promise`: the command solves, so a broken one-solution promise counts. */
const exitHelpOf = (promise: boolean): string => `Exit status:
  0  every case was read${promise ? ' (and answered)' : ''}
  1  some case could not be read${promise ? ', or a puzzle of poj3074/poj2676/hdu5547 has\n     no solution or several' : ''}; the other cases are still answered, in order,
     and the errors go to standard error
  2  wrong usage, or the input file cannot be read`;
const exitHelp = exitHelpOf(true);

export const TOP_HELP = `squiggly: solve and check (jigsaw) Sudoku puzzles in judge formats and Squiggly JSON.

Usage:
  squiggly solve [--json] [--format NAME] [--engine NAME] [--jobs N] [FILE]
      answer every case in the judge's output format (--json: one JSON line per case)
  squiggly convert --to json|fpuzzles|iss|jigsaw [--format NAME] [FILE]
      write every case in another format, one per line, naming what it cannot hold
  squiggly check [--format NAME] [FILE]
      read every case and report problems, no solving
  squiggly count [--limit N] [--format NAME] [--engine NAME] [--jobs N] [FILE]
      count solutions per case, up to N
  squiggly layout-check [--json] [--format NAME] [FILE]
      can the layout alone be filled? (clues ignored)
  squiggly candidates [--json] [--format NAME] [FILE]
      the true candidates of every cell (digits in at least one solution)
  squiggly explain [--json] [--format NAME] [FILE]
      the setter's next step: clues that make it unique, clues that cannot all hold,
      or the redundant clues of a unique puzzle
  squiggly count --estimate [--json] [--format NAME] [FILE]
      estimate the number of solutions when there are far too many to count
  squiggly hint [--all] [--assume-unique] [--json] [--format NAME] [FILE]
      the next logical step per case, explained (--all: every step)
  squiggly rate [--assume-unique] [--json] [--format NAME] [FILE]
      the difficulty per case: easy, medium, hard, expert, extreme or needs search
  squiggly generate --size N [--symmetric] [--clue-symmetry none|180|diagonal]
                    [--minimal] [--difficulty LEVEL|MIN-MAX|MIN+] [--count K] [--seed S]
                    [--format NAME]
      new puzzles with a unique solution
  squiggly COMMAND --help                         help on one command
  squiggly --version

${inputHelp}

${engineHelp}

${exitHelp}
`;

export const SOLVE_HELP = `Usage: squiggly solve [--json] [--format NAME] [--engine NAME] [--jobs N] [FILE]

Solve every case and write exactly the judge's output for the format on standard output:
  hdu4069  "Case k:" then the 9 solved rows, "No solution" or "Multiple Solutions"
  poj3074  one line of 81 digits per puzzle
  poj2676  the 9 solved rows per puzzle
  hdu5547  "Case #x:" then the 4 solved rows
  jigsaw   one line per puzzle: its N*N solved cells, "No solution" or "Multiple solutions"
  json     {"status": "unique" | "none" | "multiple" | "invalid", ...}; one object for
           one puzzle, a list for a list of puzzles
  fpuzzles as jigsaw; variant constraints are solved with the puzzle
  iss      as jigsaw; variant constraints are solved with the puzzle
With --json, for any input format: one JSON object per case per line, in case order,
  {"case":k,"status":"unique","solution":[[1,2,...],...]}   (the solution only when unique)
  {"case":k,"status":"none"}   {"case":k,"status":"multiple"}
  {"case":k,"status":"invalid","error":"line 3, column 1: ..."}
Every case is searched for 2 solutions, to tell one solution from several. The judges of
poj3074, poj2676 and hdu5547 promise one solution, and their output has no word for
several: the first solution found is printed, and a puzzle with none gets "No solution";
either way standard error names the case and its line, and the exit status is 1. Cases
that cannot be read are left out of the output (the others keep their case numbers) and
reported on standard error.

${inputHelp}

${engineHelp}

${exitHelp}
`;

export const CHECK_HELP = `Usage: squiggly check [--format NAME] [FILE]

Read every case without solving it and report, one line per case:
  Case k: ok, 9x9 jigsaw, 28 givens
  Case k: invalid input           (the located errors go to standard error)
  Case k: clues clash: ...        (two equal clues in one row, column or region)
The first line names the format, and whether it was given or detected.

${inputHelp}

Exit status:
  0  every case was read and no clues clash
  1  some case could not be read, or has clashing clues
  2  wrong usage, or the input file cannot be read
`;

export const COUNT_HELP = `Usage: squiggly count [--limit N] [--format NAME] [--engine NAME] [--jobs N] [FILE]

Count the solutions of every case, stopping at N (default 1000), one line per case:
  Case k: 0 solutions | 1 solution | 5 solutions | at least N solutions
  Case k: invalid input           (the located errors go to standard error)

  --limit, -n N   stop counting a case at N solutions (an integer of 1 or more)
  --estimate      estimate instead (Knuth's random paths, for far too many to count):
                  Case k: about E solutions (...; likely between L and H)
  --json          with --estimate: {"case":1,"estimate":E,"low":L,"high":H} per line

${inputHelp}

${engineHelp}

${exitHelpOf(false)}
`;

const jsonHelp = `  --json              one JSON object per case per line, with "case": k; cells are
                      [row, column], counted from 1`;

/** hint's and rate's --assume-unique, said once. */
const assumeUniqueHelp = `  --assume-unique     also the uniqueness techniques (unique rectangles and loops,
                      BUG), which hold only for a puzzle with one solution: each case
                      is first proved unique by search, and they are used only then
                      (JSON: "assumedUnique": true|false). Sudoku Explainer uses them;
                      a setter checking uniqueness must not (no effect with variant
                      constraints)`;

export const HINT_HELP = `Usage: squiggly hint [--all] [--assume-unique] [--json] [--format NAME] [FILE]

The next step a person solving by logic would take, per case, with its explanation:
  Case 1: hidden single: r3c5 is the only place for 7 in row 3
With --json: {"case":1,"technique":"hidden single","difficulty":1.5,"cells":[[3,5]],
  "placements":[{"cell":[3,5],"digit":7}],"eliminations":[],"explanation":"..."}, the
"difficulty" being the step's number on the Sudoku Explainer scale (see squiggly rate).
When no step is left: {"case":k,"status":"solved"|"stuck"|"contradiction","explanation":"..."}.
Techniques, easiest first: hidden single, naked single, pointing, claiming, common peer,
law of leftovers, naked/hidden pair, naked/hidden triple, x-wing, naked/hidden quad,
swordfish, jigsaw fish, xy-wing, x-chain, alternating chain. With variant constraints
(Squiggly JSON, f-puzzles) also: even or odd cell, cage combination, thermometer bounds,
dot or sign pair, neighbour rule, line rule, group pointing, innies and outies (the
45 rule over rows, columns, regions and bands), arrow, little killer and sandwich sums
(docs/logic.md). The givens are the position: to ask for a hint in the
middle of a solve, give the digits placed so far as clues.

  --all               every step to the end, or to where logic gets stuck
                      (JSON: {"case":k,"status":...,"steps":[...]})
${assumeUniqueHelp}
${jsonHelp}

${inputHelp}

${exitHelpOf(false)}
`;

export const LAYOUT_CHECK_HELP = `Usage: squiggly layout-check [--json] [--format NAME] [FILE]

For each case, whether its layout alone (the clues are ignored) admits any filled grid:
"fillable" with one filled grid, or "cannot be filled". Many layouts of N connected regions
of N cells cannot be filled; the check uses the law of leftovers and the symmetry of the
digits to prove it quickly.
  --json: {"case":1,"layout":"fillable","grid":[[...],...]} or {"case":1,"layout":"cannot be filled"}
${jsonHelp}

${inputHelp}
`;

export const CANDIDATES_HELP = `Usage: squiggly candidates [--json] [--format NAME] [FILE]

For each case, the true candidates of every cell: the digits that appear there in at least
one solution (exact, not sampled), and the cells with a single true candidate. A very open
board stops at a limit of searches and says so ("complete": false). A puzzle's variant
constraints (killer cages, thermometers, ...) count: the solutions are the whole puzzle's.
  --json: {"case":1,"status":"unique|multiple|none","candidates":[[[d,...],...],...]}
          (one list per cell, row by row; a given's list is its digit)
${jsonHelp}

${inputHelp}
`;

export const EXPLAIN_HELP = `Usage: squiggly explain [--json] [--format NAME] [FILE]

For each case, the setter's next step:
  several solutions  the fewest clues (cell and digit of one solution) that make it unique,
                     "proven" when every solution could be enumerated and the set cover was
                     solved exactly; otherwise a short set, checked unique, not proven fewest
  no solution        a minimal set of clues and variant constraints that cannot all hold
                     (removing any one of them leaves a solvable puzzle), or that the
                     layout alone cannot be filled
  unique             the clues each of which can be removed alone, keeping it unique; when
                     the clues are symmetric (180° rotation, else diagonal mirror), each
                     with its mirror image, so that the symmetry stays; then the variant
                     constraints each of which can go alone (of a killer cage, maybe only
                     its sum)
A puzzle's variant constraints count in every answer: the fix, the core and the redundant
clues are about the whole puzzle.
  --json: "fix":[{"cell":[r,c],"digit":d},...],"proven":true|false; or
          "conflict":[[r,c],...] with "constraints":[k,...] (the core's constraints, counted
          from 1 in the puzzle's list) when it has some, or "layout":"cannot be filled"; or
          "redundant":[[r,c],...], with "redundantConstraints":[{"constraint":k,
          "part":"whole"|"sum"},...] when the puzzle has constraints, and
          with "symmetry":"180"|"diagonal" for symmetric clues
${jsonHelp}

${inputHelp}
`;

export const RATE_HELP = `Usage: squiggly rate [--assume-unique] [--json] [--format NAME] [FILE]

The difficulty of every case, from a solve by logic alone (the techniques of hint, easiest
first): the level of the hardest technique needed, raised from hard to expert when hard
techniques were needed 5 times or more.
  easy          hidden and naked singles only
  medium        pointing, claiming, common peer, law of leftovers, naked and hidden pairs;
                cage combinations, thermometer bounds, dots, signs, lines, group pointing,
                innies and outies
  hard          triples, quads, x-wing; arrow, little killer and sandwich sums
  expert        swordfish, jigsaw and finned fish, xy-, xyz-, w-, wxyz- and vwxyz-wing,
                aligned pair exclusion, colouring, x-chain, alternating chain (or many
                hard steps)
  extreme       forcing chains (cell, unit, nested): assume a candidate, follow the
                singles; they finish every unique puzzle we have measured; aligned
                triple exclusion
  needs search  logic alone gets stuck (a puzzle with several solutions, or a nested
                search past its bound); the empty cells where it stopped are given
Beside the level, the number on the Sudoku Explainer scale (ER: 1.2 a hidden single, 2.6
pointing, 3.2 an x-wing ... 7.0 and up forcing chains; the table is in docs/logic.md), and
the technique that set it when it is not the level's:
  Case 1: hard 4.0 (hardest: skyscraper, 41 steps)
With --json: {"case":1,"level":"hard","rating":4,"pearl":3.2,"diamond":1.2,
"hardest":"skyscraper","steps":41}, "pearl" (EP) being the hardest step up to the first
placement and "diamond" (ED) the first step; the three are null for "needs search", which
adds "stuckCells" (and "solutions": "none" or "multiple" when the puzzle is not unique).

${assumeUniqueHelp}

${jsonHelp}

${inputHelp}

${exitHelpOf(false)}
`;

export const GENERATE_HELP = `Usage: squiggly generate --size N [options]

Make K new puzzles with a unique solution (checked by the solver), on a random jigsaw
layout unless --standard. Output: Squiggly JSON, one puzzle per line, with its "rating"
(see squiggly rate), "seed" and "index"; or the puzzles in another format.

  --size, -s N          4 to 16, or 25 with --standard
  --symmetric           a layout with 180-degree rotational symmetry
  --standard            the standard boxes instead of a jigsaw layout (not for the
                        prime sizes 5, 7, 11 and 13, which have no boxes)
  --clue-symmetry S     none (default), 180 (half turn) or diagonal (main diagonal)
  --minimal             no clue (no symmetric pair of clues) can be removed; with
                        --difficulty, when no minimal puzzle of that rating turns up in a
                        few tries (minimal 16x16 puzzles are rarely solvable by logic),
                        the one with the fewest clues, said on standard error
  --difficulty, -d L    easy, medium, hard, expert, extreme: clues are removed while the
                        puzzle stays unique and rated at most L, retried until it is
                        rated L;
                        "needs search": puzzles are made until one is rated so;
                        or an ER range on the Sudoku Explainer scale (the "rating" of
                        squiggly rate): MIN-MAX such as 4.5-5.5, or MIN+ such as 7.0+ (at
                        least), numbers from 1.0 to 12.0 with one decimal: the same, by
                        the puzzle's ER (4.2-4.2 for exactly 4.2); a puzzle that needs
                        search has no ER
  --attempts N          attempts per puzzle wanted before giving up (with --difficulty
                        200 up to 9x9, 63 at 12x12, 20 at 16x16; else 5)
  --count, -n K         how many puzzles (default 1)
  --seed S              0 to 4294967295: the same seed and options give the same puzzles
                        (default: a random seed, written in the JSON)
  --format, -f NAME     json (default), ${FORMAT_NAMES.filter((name) => name !== 'json').join(', ')}
                        (a judge format holds its one size; jigsaw any size and layout)

Progress, with an estimate of the time left, goes to standard error when it is a
terminal.

Exit status:
  0  every puzzle was made
  1  generate gave up (the reason goes to standard error; the puzzles made so far are
     written)
  2  wrong usage
`;
