// The sample's table: data/lakes.csv becomes lakes.parquet, written by hyparquet-writer with typed columns, so
// SQL sees numbers as numbers and unknown figures as NULL.
import { parquetWriteBuffer, type ColumnSource } from 'hyparquet-writer';
import { parseCsv } from './csv';

const textColumns = ['lake_name', 'country', 'region', 'continent', 'type'] as const;
const numberColumns = [
  { name: 'area_km2', type: 'DOUBLE' },
  { name: 'max_depth_m', type: 'INT32' },
  { name: 'elevation_m', type: 'INT32' },
] as const;
export const lakeColumns = [...textColumns, ...numberColumns.map((c) => c.name)];

export interface LakesTable {
  rows: number;
  countries: number;
  parquet: Buffer;
}

function numberOrNull(text: string, integer: boolean, where: string): number | null {
  if (text === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || (integer && !Number.isInteger(value))) throw new Error(`${where}: not a number: ${text}`);
  return value;
}

export function lakesTable(csv: string): LakesTable {
  const [header, ...rows] = parseCsv(csv);
  if (header?.join(',') !== lakeColumns.join(',')) throw new Error(`lakes.csv: the header must be ${lakeColumns.join(',')}`);
  rows.forEach((row, i) => {
    if (row.length !== lakeColumns.length) throw new Error(`lakes.csv line ${i + 2}: ${row.length} fields`);
  });
  const columnData: ColumnSource[] = [
    ...textColumns.map((name, c) => ({
      name,
      type: 'STRING' as const,
      // An empty region means "none given", which SQL should see as NULL; the other text columns are never empty.
      data: rows.map((row) => (row[c] === '' && name === 'region' ? null : (row[c] as string))),
    })),
    ...numberColumns.map(({ name, type }, n) => ({
      name,
      type,
      data: rows.map((row, i) => numberOrNull(row[textColumns.length + n] as string, type === 'INT32', `lakes.csv line ${i + 2}`)),
    })),
  ];
  return {
    rows: rows.length,
    countries: new Set(rows.map((row) => row[1])).size,
    parquet: Buffer.from(parquetWriteBuffer({ columnData, createdBy: 'Tarn sample data' })),
  };
}
