import type { ReactNode } from 'react';
import { Card } from '../ui/card';
import { cn } from '../../lib/cn';

export interface ListColumn<T> {
  key: string;
  header: string;
  cell: (item: T) => ReactNode;
  /** Numbers line up at the end. */
  align?: 'start' | 'end';
}

export interface ResponsiveListProps<T> {
  items: T[];
  rowKey: (item: T) => string;
  /** The card's heading on a phone, and the table's first column. */
  title: { header: string; cell: (item: T) => ReactNode };
  columns: ListColumn<T>[];
  /** A row's actions (a button), at the table's end and the card's foot. */
  actions?: { header: string; cell: (item: T) => ReactNode };
  busy?: boolean;
  /** md: a table from the tablet width up; lg: from the laptop width (wide tables). */
  from?: 'md' | 'lg';
  testIds: { table: string; row: string; card: string };
}

const TABLE_FROM = { md: 'hidden md:block', lg: 'hidden lg:block' } as const;
const CARDS_UNTIL = { md: 'md:hidden', lg: 'lg:hidden' } as const;

/**
 * One list, two shapes (issue 27): a table where there is room, and below it cards that show
 * every field with its label — nothing cut, no column hidden, no date shortened.
 */
export function ResponsiveList<T>({
  items,
  rowKey,
  title,
  columns,
  actions,
  busy = false,
  from = 'lg',
  testIds,
}: ResponsiveListProps<T>) {
  const head = 'px-3 py-3 font-semibold whitespace-nowrap';
  const cell = 'px-3 py-3 whitespace-nowrap';
  return (
    <>
      <div
        className={cn(
          TABLE_FROM[from],
          'overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
          busy && 'opacity-60',
        )}
        aria-busy={busy}
      >
        <table className="w-full text-start text-sm" data-testid={testIds.table}>
          <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
            <tr>
              <th scope="col" className={cn(head, 'text-start')}>
                {title.header}
              </th>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={cn(head, column.align === 'end' ? 'text-end' : 'text-start')}
                >
                  {column.header}
                </th>
              ))}
              {actions ? (
                <th scope="col" className={cn(head, 'text-end')}>
                  <span className="sr-only">{actions.header}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {items.map((item) => (
              <tr key={rowKey(item)} data-testid={testIds.row} data-id={rowKey(item)}>
                <td className="max-w-64 px-3 py-3">{title.cell(item)}</td>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={cn(cell, column.align === 'end' && 'text-end tabular-nums')}
                  >
                    {column.cell(item)}
                  </td>
                ))}
                {actions ? <td className={cn(cell, 'text-end')}>{actions.cell(item)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className={cn('space-y-3', CARDS_UNTIL[from], busy && 'opacity-60')} aria-busy={busy}>
        {items.map((item) => (
          <li key={rowKey(item)} data-testid={testIds.card} data-id={rowKey(item)}>
            <Card className="space-y-3 p-4">
              <div className="min-w-0">{title.cell(item)}</div>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
                {columns.map((column) => (
                  <div key={column.key} className="min-w-0">
                    <dt className="text-xs text-slate-500 dark:text-slate-400">{column.header}</dt>
                    <dd className="font-semibold break-words text-slate-900 dark:text-white">
                      {column.cell(item)}
                    </dd>
                  </div>
                ))}
              </dl>
              {actions ? <div className="flex justify-end">{actions.cell(item)}</div> : null}
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
