/**
 * The batch view's table of cases: number, size, clues, status and Open, for the cases the
 * filter shows (`shown`: their indices, or null for all in order).
 *
 * Virtualised with @tanstack/react-virtual: about 30 rows exist at a time, whatever the count,
 * each placed on its own (ARIA table roles on positioned boxes, CSS grid columns, a transform)
 * so that a batch or a scroll lays out the rows in view and nothing else, never a table
 * layout spanning 10,000 rows. A row reads its status from the bytes of the batch (one code
 * per case); only an invalid case has words of its own.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import { ANSWER_STATUSES, type AnswerStatus } from '../formats/index.ts';
import type { BatchState } from '../store/batchSlice.ts';
import { formatCount } from '../store/store.ts';

/** Height of a table row in pixels (CSS .batch-row matches it). */
const ROW_PX = 32;

const STATUS_WORDS: Record<AnswerStatus, string> = {
  waiting: 'not solved yet',
  unique: 'unique',
  found: 'solved',
  none: 'none',
  multiple: 'multiple',
  invalid: 'invalid',
};

export interface BatchTableProps {
  batch: Pick<BatchState, 'summary' | 'statuses' | 'invalidTexts'>;
  /** Good-case index per case number - 1, or -1 for a case that could not be read. */
  goodIndex: Int32Array;
  /** Case indices the filter shows; null: all, in order. */
  shown: Int32Array | null;
  /** Open buttons wait while the worker is busy. */
  busy: boolean;
  onOpen(caseNumber: number): void;
  /** Turns "invalid" errors into the app's words (ImportDialog's inAppWords). */
  inAppWords(message: string): string;
}

function CasesTable({
  batch: { summary, statuses, invalidTexts },
  goodIndex,
  shown,
  busy,
  onOpen,
  inAppWords,
}: BatchTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowCount = shown ? shown.length : summary.caseCount;
  const caseIndexAt = (row: number): number => (shown ? shown[row] : row);

  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    overscan: 8,
    // jsdom lays nothing out: start from a plausible viewport so rows render in tests too.
    initialRect: { width: 640, height: 12 * ROW_PX },
    // The header row sits above the rows in the same scroll box.
    scrollMargin: ROW_PX,
  });

  const statusCell = (index: number): string => {
    const status = ANSWER_STATUSES[statuses[index]];
    if (status !== 'invalid') return STATUS_WORDS[status];
    const why = invalidTexts.get(index + 1);
    return why ? `invalid: ${inAppWords(why)}` : 'invalid';
  };

  return (
    <div
      className="batch-table batch-table-scroll"
      ref={scrollRef}
      tabIndex={0}
      role="table"
      aria-label="Cases"
      aria-rowcount={rowCount + 1}
    >
      <div role="rowgroup" className="batch-head-group">
        <div role="row" aria-rowindex={1} className="batch-row batch-head">
          <span role="columnheader">Case</span>
          <span role="columnheader">Size</span>
          <span role="columnheader">Clues</span>
          <span role="columnheader">Status</span>
          <span role="columnheader">
            <span className="visually-hidden">Open</span>
          </span>
        </div>
      </div>
      <div role="rowgroup" className="batch-rows" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const index = caseIndexAt(item.index);
          const caseNumber = index + 1;
          const good = goodIndex[index];
          const size = good >= 0 ? summary.sizes[good] : 0;
          const status = statusCell(index);
          return (
            <div
              role="row"
              key={caseNumber}
              aria-rowindex={item.index + 2}
              className="batch-row"
              style={{ transform: `translateY(${item.start - ROW_PX}px)` }}
            >
              <span role="cell">{formatCount(caseNumber)}</span>
              <span role="cell">{size > 0 ? `${size}×${size}` : '—'}</span>
              <span role="cell">{good >= 0 ? summary.clues[good] : '—'}</span>
              <span role="cell" className="batch-status" title={status}>
                {status}
              </span>
              <span role="cell">
                <button
                  type="button"
                  aria-label={`Open case ${caseNumber}`}
                  disabled={good < 0 || busy}
                  onClick={() => onOpen(caseNumber)}
                >
                  Open
                </button>
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** Memoised: the view renders often (progress, focus) while the table's props stay the same. */
export const BatchTable = memo(CasesTable);
