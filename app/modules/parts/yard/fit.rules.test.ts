import { describe, expect, it } from 'vitest';
import { fittingPartIds, machineDrawingLink, machineFit } from './fit.rules.ts';

const at = (drawingId: number, serialFrom: string | null, serialTo: string | null) => ({ drawingId, serialFrom, serialTo });

describe('whether a part fits a machine by its serial number', () => {
  it('fits where a position\'s range holds the serial number, open ends included', () => {
    expect(machineFit('20245000', [at(1, '20240001', '20249999')]).fitting).toHaveLength(1);
    expect(machineFit('20245000', [at(1, null, null)]).fitting).toHaveLength(1);
    expect(machineFit('20245000', [at(1, '20245000', null)]).fitting).toHaveLength(1);
    expect(machineFit('20245000', [at(1, null, '20245000')]).fitting).toHaveLength(1);
  });

  it('does not fit outside every range, and says the part is on the model\'s drawings for other numbers', () => {
    const fit = machineFit('20240100', [at(1, '20245000', null), at(2, null, '20240099')]);
    expect(fit).toEqual({ fitting: [], outsideRange: true });
  });

  it('does not fit a part on none of the machine\'s drawings (and that is not "outside its range")', () => {
    expect(machineFit('20240100', [])).toEqual({ fitting: [], outsideRange: false });
  });

  it('keeps a position whose bound is of another family (the catalogue cannot tell)', () => {
    expect(machineFit('KZ-3118-0042', [at(1, '20245000', null)]).fitting).toHaveLength(1);
    expect(machineFit('KZ-3118-0042', [at(1, 'KZ-3118-0050', null)]).fitting).toHaveLength(0);
  });

  it('takes the first fitting position in the order given (the drawing the link opens)', () => {
    expect(machineFit('500', [at(3, '600', null), at(7, '100', '900'), at(9, null, null)]).fitting.map((p) => p.drawingId)).toEqual([7, 9]);
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
