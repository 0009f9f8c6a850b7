import type { ReactNode } from 'react';

interface ChartTableProps {
  caption: ReactNode;
  /** The heads of the two columns: what each row is (a day, a week), and the figure. */
  columns: [ReactNode, ReactNode];
  rows: { key: string; label: string; value: string }[];
}

/** A chart's figures in a visually hidden table, so that a screen reader reads them, not bars. */
export function ChartTable({ caption, columns: [label, figure], rows }: ChartTableProps) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{label}</th>
          <th scope="col">{figure}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td>{row.label}</td>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
