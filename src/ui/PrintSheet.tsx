/**
 * What the printer gets: the puzzle alone, big, with thick walls, its title, author and
 * rules, and the answer on a second page when asked. Always rendered but shown only by the
 * print stylesheet (app.css, `@media print`), so the browser's own Print and print preview
 * give the same sheet as the Print button.
 */
import { useMemo } from 'react';
import { renderPuzzleSvg } from './render/svg.ts';
import { knownSolution } from './share.ts';
import { useSquiggly } from './StoreContext.tsx';

export function PrintSheet({ answer, colours }: { answer: boolean; colours: boolean }) {
  const size = useSquiggly((s) => s.size);
  const walls = useSquiggly((s) => s.walls);
  const regions = useSquiggly((s) => s.regions);
  const givens = useSquiggly((s) => s.givens);
  const info = useSquiggly((s) => s.info);
  const solution = useSquiggly(knownSolution);
  const puzzleSvg = useMemo(
    () => renderPuzzleSvg({ size, walls, regions, givens, colours, cellPx: 64 }),
    [size, walls, regions, givens, colours],
  );
  const answerSvg = useMemo(
    () =>
      answer && solution
        ? renderPuzzleSvg({ size, walls, regions, givens, solution, colours, cellPx: 64 })
        : null,
    [answer, solution, size, walls, regions, givens, colours],
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
        <div className="print-grid" dangerouslySetInnerHTML={{ __html: puzzleSvg }} />
        <p className="print-rules">
          {info.rules ||
            `Place the digits 1 to ${size} once each in every row, every column and every outlined region.`}
        </p>
      </div>
      {answerSvg && (
        <div className="print-page print-answer">
          <h2 className="print-title">Answer{info.title ? `: ${info.title}` : ''}</h2>
          <div className="print-grid" dangerouslySetInnerHTML={{ __html: answerSvg }} />
        </div>
      )}
    </section>
  );
}
