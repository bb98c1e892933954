import { parquetReadObjects } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../server/sample-data/csv';
import { lakeColumns, lakesTable } from '../../server/sample-data/lakes-table';

const header = lakeColumns.join(',');

describe('sample CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and CRLF line ends', () => {
    expect(parseCsv('a,"b, c","say ""hi""","two\nlines"\r\nx,,z\n')).toEqual([
      ['a', 'b, c', 'say "hi"', 'two\nlines'],
      ['x', '', 'z'],
    ]);
    expect(parseCsv('a,b')).toEqual([['a', 'b']]);
    expect(() => parseCsv('a,"b')).toThrow(/quoted/);
  });
});

describe('sample lakes table', () => {
  it('types the columns and turns empty figures and regions into NULL', async () => {
    const table = lakesTable(`${header}\nLake A,Xland,North,Europe,lake,12.5,40,300\n"Lake B, upper",Yland,,Asia,reservoir,,,\n`);
    expect(table).toMatchObject({ rows: 2, countries: 2 });
    const buffer = table.parquet;
    const rows = await parquetReadObjects({ file: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer });
    expect(rows).toEqual([
      { lake_name: 'Lake A', country: 'Xland', region: 'North', continent: 'Europe', type: 'lake', area_km2: 12.5, max_depth_m: 40, elevation_m: 300 },
      { lake_name: 'Lake B, upper', country: 'Yland', region: null, continent: 'Asia', type: 'reservoir', area_km2: null, max_depth_m: null, elevation_m: null },
    ]);
  });

  it('refuses a source it would misread', () => {
    expect(() => lakesTable('name,country\nA,B\n')).toThrow(/header/);
    expect(() => lakesTable(`${header}\nLake A,Xland,,Europe,lake,big,,\n`)).toThrow(/line 2: not a number: big/);
    expect(() => lakesTable(`${header}\nLake A,Xland,,Europe,lake,,40.5,\n`)).toThrow(/line 2/);
    expect(() => lakesTable(`${header}\nLake A,Xland\n`)).toThrow(/line 2: 2 fields/);
  });
});
