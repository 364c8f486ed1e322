import { expect } from 'chai';
import { recordBuilder } from '../../../projections/core/entityValuesUpcaster.ts';

describe('Records of rows stored as values', () => {
  it('keys each value by its column name, in order, null kept', () => {
    const build = recordBuilder(['siren', 'nicSiegeUniteLegale', 'sigleUniteLegale']);
    expect(build(['552100554', '00011', null])).to.deep.equal({
      siren: '552100554',
      nicSiegeUniteLegale: '00011',
      sigleUniteLegale: null,
    });
    expect(Object.keys(build(['1', '2', '3']))).to.deep.equal([
      'siren',
      'nicSiegeUniteLegale',
      'sigleUniteLegale',
    ]);
  });

  it('a header name is only ever a name: quotes, backslashes, line breaks and code stay text', () => {
    const names = ['a"b', 'c\\d', 'e\nf', 'g\u2028h', '"]: 1}; globalThis.injected = true; ({"x', 'é ü'];
    const record = recordBuilder(names)(names.map((_, i) => String(i)));
    expect(Object.keys(record)).to.deep.equal(names);
    expect(Object.values(record)).to.deep.equal(['0', '1', '2', '3', '4', '5']);
    expect((globalThis as { injected?: unknown }).injected).to.equal(undefined);
  });

  it('a column named __proto__ is a property of the record, not its prototype', () => {
    const record = recordBuilder(['__proto__', 'x'])([null, '1']);
    expect(Object.getPrototypeOf(record)).to.equal(Object.prototype);
    expect(Object.hasOwn(record, '__proto__')).to.equal(true);
    expect(record.x).to.equal('1');
  });

  it('a name repeated keeps the last value', () => {
    expect(recordBuilder(['a', 'b', 'a'])(['1', '2', '3'])).to.deep.equal({ a: '3', b: '2' });
  });
});
