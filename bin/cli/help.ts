/** Help texts of the command line tool. */
import { FORMAT_NAMES, FORMATS } from '../../src/formats/index.ts';

const formatList = FORMAT_NAMES.map(
  (name) => `    ${name.padEnd(8)} ${FORMATS[name].summary}`,
).join('\n');

const inputHelp = `Input:
  FILE, or standard input when FILE is missing or "-". The whole input is read at once.
  --format, -f NAME   one of ${FORMAT_NAMES.join(', ')}, or auto (the default:
                      told from the first lines)
${formatList}`;

const engineHelp = `Engine:
  --engine, -e NAME   best (default: bitsets with propagation, per-digit band boards for
                      9x9; 'fast' is accepted too), dlx (Dancing Links, the reference), or basic (plain
                      backtracking, slow on hard puzzles)
  --jobs, -j N        threads for files of many cases, 1 to 8 (default: one per core,
                      at most 3, once a file proves big); the output is the same for
                      any N, and each thread adds about 14 MB of memory`;

const exitHelp = `Exit status:
  0  every case was read (and, for solve, answered)
  1  some case could not be read, or a puzzle of poj3074/poj2676/hdu5547 has no solution;
     the other cases are still answered, in order, and the errors go to standard error
  2  wrong usage, or the input file cannot be read`;

export const TOP_HELP = `squiggly: solve and check (jigsaw) Sudoku puzzles in judge formats and Squiggly JSON.

Usage:
  squiggly solve [--format NAME] [--engine NAME] [--jobs N] [FILE]
      answer every case in the judge's output format
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
  squiggly COMMAND --help                         help on one command
  squiggly --version

${inputHelp}

${engineHelp}

${exitHelp}
`;

export const SOLVE_HELP = `Usage: squiggly solve [--format NAME] [--engine NAME] [--jobs N] [FILE]

Solve every case and write exactly the judge's output for the format on standard output:
  hdu4069  "Case k:" then the 9 solved rows, "No solution" or "Multiple Solutions"
  poj3074  one line of 81 digits per puzzle
  poj2676  the 9 solved rows per puzzle
  hdu5547  "Case #x:" then the 4 solved rows
  json     {"status": "unique" | "none" | "multiple" | "invalid", ...}; one object for
           one puzzle, a list for a list of puzzles
hdu4069 and json tell one solution from several (a search for 2 solutions). The judges of
poj3074, poj2676 and hdu5547 promise one solution, so the first solution found is printed;
a puzzle with none gets "No solution" in place of its answer, an error on standard error,
and exit status 1. Cases that cannot be read are left out of the output (the others keep
their case numbers) and reported on standard error.

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

${exitHelp.replace(', or a puzzle of poj3074/poj2676/hdu5547 has no solution', '')}
`;

const jsonHelp = `--json writes one JSON object per case per line, each with "case": k; cells are
[row, column], 1-based.`;

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
board stops at a limit of searches and says so ("complete": false).
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
  no solution        a minimal set of clues that cannot all hold (removing any one of them
                     leaves a solvable puzzle), or that the layout alone cannot be filled
  unique             the clues each of which can be removed alone, keeping it unique
  --json: "fix":[{"cell":[r,c],"digit":d},...],"proven":true|false; or
          "conflict":[[r,c],...] or "layout":"cannot be filled"; or "redundant":[[r,c],...]
${jsonHelp}

${inputHelp}
`;
