import { describe, expect, it } from 'vitest';
import { fittingPartIds, machineDrawingLink, machineFit, positionFit } from './fit.rules.ts';

const at = (drawingId: number, serialFrom: string | null, serialTo: string | null) => ({ drawingId, serialFrom, serialTo });

const covered = { modelHasDrawings: true, partHasDrawings: true };

describe('one position against a serial number', () => {
  it('fits inside the range, open ends included, and with no range at all', () => {
    expect(positionFit('20245000', '20240001', '20249999')).toBe('fits');
    expect(positionFit('20245000', null, null)).toBe('fits');
    expect(positionFit('20245000', '20245000', null)).toBe('fits');
    expect(positionFit('20245000', null, '20245000')).toBe('fits');
    expect(positionFit(null, null, null)).toBe('fits');
  });

  it('does not fit outside the range', () => {
    expect(positionFit('20240100', '20245000', null)).toBe('no');
    expect(positionFit('20240100', null, '20240099')).toBe('no');
    expect(positionFit('KZ-3118-0042', 'KZ-3118-0050', null)).toBe('no');
  });

  it('cannot tell without a serial number, or when a bound is of another family', () => {
    expect(positionFit(null, '20245000', null)).toBe('unknown');
    expect(positionFit('', null, '20245000')).toBe('unknown');
    expect(positionFit('KZ-3118-0042', '20245000', null)).toBe('unknown');
    expect(positionFit('ABC', '20245000', '20249999')).toBe('unknown');
    // A bound that rules the number out decides, whatever the other one.
    expect(positionFit('KZ-3118-0042', 'KZ-3118-0050', '20249999')).toBe('no');
  });
});

describe('whether a part fits a machine', () => {
  it('fits where a position\'s range holds the serial number', () => {
    expect(machineFit('20245000', [at(1, '20240001', '20249999')], covered)).toMatchObject({ state: 'fits', reason: null });
    expect(machineFit('20245000', [at(1, null, null)], covered).fitting).toHaveLength(1);
  });

  it('does not fit outside every range, and says the serial ranges decided it', () => {
    expect(machineFit('20240100', [at(1, '20245000', null), at(2, null, '20240099')], covered)).toEqual({ state: 'no', reason: 'serial', fitting: [] });
  });

  it('does not fit a part that is catalogued, but on none of the machine\'s drawings', () => {
    expect(machineFit('20240100', [], covered)).toEqual({ state: 'no', reason: 'drawings', fitting: [] });
  });

  it('cannot tell for a model with no drawings, or a part on no drawing at all: never "does not fit"', () => {
    expect(machineFit('20240100', [], { modelHasDrawings: false, partHasDrawings: true })).toEqual({ state: 'unknown', reason: 'drawings', fitting: [] });
    expect(machineFit('20240100', [], { modelHasDrawings: true, partHasDrawings: false })).toEqual({ state: 'unknown', reason: 'drawings', fitting: [] });
  });

  it('cannot tell when the only ranges do not compare with the serial number (or there is none)', () => {
    expect(machineFit('KZ-3118-0042', [at(1, '20245000', null)], covered)).toEqual({ state: 'unknown', reason: 'serial', fitting: [] });
    expect(machineFit(null, [at(1, '20245000', null)], covered)).toEqual({ state: 'unknown', reason: 'serial', fitting: [] });
    // One comparable range ruling it out and one that does not compare: still unknown, not 'no'.
    expect(machineFit('KZ-3118-0042', [at(1, 'KZ-3118-0050', null), at(2, '20245000', null)], covered).state).toBe('unknown');
    // A position that fits wins over one that cannot tell.
    expect(machineFit('KZ-3118-0042', [at(1, '20245000', null), at(2, null, null)], covered)).toMatchObject({ state: 'fits', fitting: [at(2, null, null)] });
  });

  it('takes the fitting positions in the order given (the first is the drawing the link opens)', () => {
    expect(machineFit('500', [at(3, '600', null), at(7, '100', '900'), at(9, null, null)], covered).fitting.map((p) => p.drawingId)).toEqual([7, 9]);
  });

  it('lists a line\'s fitting part ids once each, sorted', () => {
    const positions = [
      { partId: 5, ...at(1, null, '100') }, { partId: 3, ...at(1, '50', null) }, { partId: 5, ...at(2, '10', null) }, { partId: 8, ...at(2, '200', null) },
    ];
    expect(fittingPartIds('60', positions)).toEqual([3, 5]);
    expect(fittingPartIds('300', positions)).toEqual([3, 5, 8]);
  });

  it('links to the machine\'s parts page on the drawing, with model and serial number encoded', () => {
    expect(machineDrawingLink({ manufacturerSlug: 'mtz', lineSlug: 'belarus-1221', modelSlug: '1221-3', serial: 'ЯМЗ 238' }, 42))
      .toBe('/zapchasti/mtz/belarus-1221?drawings%5B%5D=42&models%5B%5D=1221-3&serial=%D0%AF%D0%9C%D0%97+238');
  });
});
