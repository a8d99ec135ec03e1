/**
 * What the printer gets: the puzzle alone, big, with thick walls, its title, author and
 * rules, and the answer on a second page when asked. Always rendered but shown only by the
 * print stylesheet (app.css, `@media print`), so the browser's own Print and print preview
 * give the same sheet as the Print button.
 *
 * From the batch view, the sheet is instead several puzzles of an imported file per page
 * (2, 4 or 6: one column of two, or two columns of two or three rows), each with its case
 * number, drawn by the same SVG renderer at a smaller natural size; the app hands the sheet
 * that batch while the batch view holds it, and the single puzzle again afterwards.
 */
import { useMemo } from 'react';
import { rulesText, wallsFromRegions } from '../engine/index.ts';
import { renderPuzzleSvg } from './render/svg.ts';
import { knownSolution, selectConstraints } from '../store/store.ts';
import { useSquiggly } from './StoreContext.tsx';

/** Puzzles of an imported file to print several to a page. */
export interface BatchPrint {
  puzzles: readonly { case: number; size: number; regions: number[]; givens: number[] }[];
  perPage: number;
}

/** The choices of puzzles per page. */
export const PER_PAGE_CHOICES = [2, 4, 6] as const;

const rulesOf = (size: number): string =>
  `Place the digits 1 to ${size} once each in every row, every column and every outlined region.`;

/** A rendered SVG (our own markup, escaped by the renderer) in the print layout. */
function PrintGrid({ svg }: { svg: string }) {
  return <div className="print-grid" dangerouslySetInnerHTML={{ __html: svg }} />;
}

export function PrintSheet({
  answer,
  colours,
  batch = null,
}: {
  answer: boolean;
  colours: boolean;
  batch?: BatchPrint | null;
}) {
  return batch ? (
    <BatchSheet batch={batch} colours={colours} />
  ) : (
    <PuzzleSheet answer={answer} colours={colours} />
  );
}

function PuzzleSheet({ answer, colours }: { answer: boolean; colours: boolean }) {
  const size = useSquiggly((s) => s.size);
  const walls = useSquiggly((s) => s.walls);
  const regions = useSquiggly((s) => s.regions);
  const givens = useSquiggly((s) => s.givens);
  const info = useSquiggly((s) => s.info);
  const solution = useSquiggly(knownSolution);
  const constraints = useSquiggly(selectConstraints);
  const puzzleSvg = useMemo(
    () => renderPuzzleSvg({ size, walls, regions, givens, colours, constraints, cellPx: 64 }),
    [size, walls, regions, givens, colours, constraints],
  );
  const answerSvg = useMemo(
    () =>
      answer && solution
        ? renderPuzzleSvg({
            size,
            walls,
            regions,
            givens,
            solution,
            colours,
            constraints,
            cellPx: 64,
          })
        : null,
    [answer, solution, size, walls, regions, givens, colours, constraints],
  );
  const heading = (
    <>
      <h2 className="print-title">{info.title || `Jigsaw Sudoku ${size}×${size}`}</h2>
      {info.author && <p className="print-author">by {info.author}</p>}
    </>
  );
  return (
    <section className="print-sheet" aria-hidden="true" data-testid="print-sheet">
      <div className="print-page">
        {heading}
        <PrintGrid svg={puzzleSvg} />
        <p className="print-rules">
          {info.rules || (constraints.length > 0 ? rulesText(constraints, size) : rulesOf(size))}
        </p>
      </div>
      {answerSvg && (
        <div className="print-page print-answer">
          <h2 className="print-title">Answer{info.title ? `: ${info.title}` : ''}</h2>
          <PrintGrid svg={answerSvg} />
        </div>
      )}
    </section>
  );
}

function BatchSheet({ batch, colours }: { batch: BatchPrint; colours: boolean }) {
  const pages = useMemo(() => {
    const items = batch.puzzles.map((puzzle) => ({
      case: puzzle.case,
      size: puzzle.size,
      svg: renderPuzzleSvg({
        size: puzzle.size,
        walls: wallsFromRegions(puzzle.size, puzzle.regions),
        regions: puzzle.regions,
        givens: puzzle.givens,
        colours,
        cellPx: 32,
      }),
    }));
    const result: (typeof items)[] = [];
    for (let start = 0; start < items.length; start += batch.perPage) {
      result.push(items.slice(start, start + batch.perPage));
    }
    return result;
  }, [batch, colours]);
  return (
    <section className="print-sheet" aria-hidden="true" data-testid="print-sheet">
      {pages.map((page, pageIndex) => (
        <div
          key={pageIndex}
          className={`print-page print-batch-page print-per-page-${batch.perPage}`}
        >
          {page.map((item) => (
            <figure key={item.case} className="print-batch-item">
              <figcaption className="print-batch-caption">Case {item.case}</figcaption>
              <PrintGrid svg={item.svg} />
            </figure>
          ))}
          <p className="print-rules print-batch-rules">
            {page.every((item) => item.size === page[0].size)
              ? rulesOf(page[0].size)
              : 'Place the digits 1 to the grid’s size once each in every row, every column and every outlined region.'}
          </p>
        </div>
      ))}
    </section>
  );
}
