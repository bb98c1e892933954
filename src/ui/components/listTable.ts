// The feature set and column helpers shared by every server-paged list: no client-side sorting or filtering,
// because order and filter belong to the server's cursor.
import { createColumnHelper, tableFeatures, type ColumnDef, type RowData } from '@tanstack/react-table';

export interface ListColumnMeta {
  /** CSS width of the column (the table uses a fixed layout so widths do not jump while scrolling). */
  width?: string;
  align?: 'start' | 'end' | 'center';
}

export const listFeatures = tableFeatures({ columnMeta: {} as ListColumnMeta });

export type ListFeatures = typeof listFeatures;

// The cell value type differs per column; a list of columns therefore holds `any` values, as Table's own
// `columns()` helper does.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ListColumn<T extends RowData> = ColumnDef<ListFeatures, T, any>;

export function listColumnHelper<T extends RowData>() {
  return createColumnHelper<ListFeatures, T>();
}
