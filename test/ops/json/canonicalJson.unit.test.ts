import { expect } from 'chai';
import { canonicalCopy, canonicalJson, ownJsonIfCanonical } from '../../../ops/json/canonicalJson.ts';

describe('canonicalJson', () => {
  it('writes a flat record in another key order with its keys sorted by code unit', () => {
    expect(canonicalJson({ b: '2', a: 1, Z: null, é: true })).to.equal('{"Z":null,"a":1,"b":"2","é":true}');
  });

  it('leaves out the keys whose value is undefined, as JSON.stringify does', () => {
    expect(canonicalJson({ b: undefined, a: 'x' })).to.equal('{"a":"x"}');
  });

  it('sorts the keys of nested records and keeps the order of arrays', () => {
    expect(canonicalJson({ z: [{ y: 1, x: 2 }], a: { d: '1', c: '2' } })).to.equal(
      '{"a":{"c":"2","d":"1"},"z":[{"x":2,"y":1}]}',
    );
  });

  it('gives one text for two orders of the same record', () => {
    const record = { SIREN: '552100554', denomination: 'X', etat: 'A', code: '5710' };
    const reordered = { code: '5710', etat: 'A', SIREN: '552100554', denomination: 'X' };
    expect(canonicalJson(reordered)).to.equal(canonicalJson(record));
  });

  it('sorts integer-like keys by code unit too, not in the numeric order objects enumerate them', () => {
    expect(canonicalJson({ b: 'x', 10: 'ten', 9: 'nine' })).to.equal('{"10":"ten","9":"nine","b":"x"}');
  });

  it('refuses a value JSON cannot hold faithfully', () => {
    expect(() => canonicalJson({ a: Number.NaN, b: { c: 1 } })).to.throw(/NaN/);
  });

  it('copies a nested record with its keys in canonical order, the members asked dropped at any depth', () => {
    const record = { z: [{ nom: 'X', y: '1', x: { nom: 'Y', b: null } }], a: { d: '1', c: undefined } };
    const copy = canonicalCopy(record, (key) => key === 'nom') as Record<string, unknown>;
    const expected = '{"a":{"d":"1"},"z":[{"x":{"b":null},"y":"1"}]}';
    expect(JSON.stringify(copy)).to.equal(expected);
    expect(ownJsonIfCanonical(copy)).to.equal(expected);
    expect(ownJsonIfCanonical(record)).to.equal(null);
    expect(canonicalJson(copy)).to.equal(expected);
  });
});
