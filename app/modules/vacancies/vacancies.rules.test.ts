import { describe, expect, it } from 'vitest';
import { APPLICATION_MOVES, cvFileName, cvType, linesOf, salaryText, slugFromTitle, vacanciesLink, vacancyLink } from './vacancies.rules.ts';
import { applicationInput, vacancyInput } from './vacancies.schema.ts';

describe('the vacancies\' rules', () => {
  it('writes the salary as the pages show it', () => {
    expect(salaryText(8_000_000, 12_000_000, 'RUB')).toBe('80\u00a0000 – 120\u00a0000\u00a0руб.');
    expect(salaryText(7_000_000, null, 'RUB')).toBe('от 70\u00a0000\u00a0руб.');
    expect(salaryText(null, 50_000_000, 'KZT')).toBe('до 500\u00a0000\u00a0₸');
    expect(salaryText(6_000_000, 6_000_000, 'RUB')).toBe('60\u00a0000\u00a0руб.');
    expect(salaryText(null, null, 'RUB')).toBeNull();
  });

  it('accepts a CV by its content: PDF, DOCX, RTF, ODT, and an OLE file only under a .doc name', () => {
    expect(cvType('pdf', 'cv.pdf')).toEqual({ mime: 'application/pdf', extension: 'pdf' });
    expect(cvType('pdf', 'cv.exe')?.extension).toBe('pdf');
    expect(cvType('docx', 'cv.docx')?.mime).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(cvType('rtf', 'cv.rtf')?.mime).toBe('application/rtf');
    expect(cvType('odt', 'cv.odt')?.mime).toBe('application/vnd.oasis.opendocument.text');
    expect(cvType('cfb', 'Резюме.DOC')).toEqual({ mime: 'application/msword', extension: 'doc' });
    expect(cvType('cfb', 'table.xls')).toBeNull();
    expect(cvType('exe', 'cv.pdf')).toBeNull();
    expect(cvType(undefined, 'cv.pdf')).toBeNull();
    expect(cvType('png', 'photo.png')).toBeNull();
  });

  it('keeps the applicant\'s name of the file with the content\'s extension, without path characters', () => {
    expect(cvFileName('Резюме Петров.pdf', 'pdf')).toBe('Резюме Петров.pdf');
    expect(cvFileName('cv.exe', 'pdf')).toBe('cv.pdf');
    expect(cvFileName('../../etc/pass\u0000wd', 'rtf')).toBe('.. .. etc pass wd.rtf');
    expect(cvFileName('.pdf', 'pdf')).toBe('Резюме.pdf');
  });

  it('makes slugs, links and lists', () => {
    expect(slugFromTitle('Сервисный инженер (тракторы) — Смоленск')).toBe('servisnyy-inzhener-traktory-smolensk');
    expect(vacancyLink('smolensk', 'inzhener')).toBe('/vacancies/smolensk/inzhener');
    expect(vacanciesLink({})).toBe('/vacancies');
    expect(vacanciesLink({ city: 'Аксай', direction: 'servis' })).toBe('/vacancies?city=%D0%90%D0%BA%D1%81%D0%B0%D0%B9&direction=servis');
    expect(linesOf('- Первое\n\n• Второе \n  Третье')).toEqual(['Первое', 'Второе', 'Третье']);
  });

  it('lets HR move an application forward and back to review only', () => {
    expect(APPLICATION_MOVES.new).toEqual(['in_review', 'rejected']);
    expect(APPLICATION_MOVES.in_review).toEqual(['invited', 'rejected']);
    expect(APPLICATION_MOVES.invited).toEqual(['in_review']);
    expect(APPLICATION_MOVES.rejected).toEqual(['in_review']);
  });

  it('checks the application\'s fields with the spec\'s messages', () => {
    const ok = applicationInput.safeParse({ vacancyId: '12', name: 'Иван', phone: '+7 (920) 111-22-33', acceptGDPR: 'true' });
    expect(ok.success && ok.data).toMatchObject({ vacancyId: 12, phone: '79201112233', email: '', message: '' });
    const bad = applicationInput.safeParse({ vacancyId: '0', name: '', phone: '12', email: 'x@', acceptGDPR: '' });
    expect(bad.success).toBe(false);
    expect(Object.fromEntries(bad.error!.issues.map((i) => [i.path[0], i.message]))).toMatchObject({
      vacancyId: 'Не указана вакансия', email: 'Поле "E-mail" содержит некорректный E-mail адрес',
    });
  });

  it('reads the editor\'s salary in whole units and the text blocks as lines', () => {
    const parsed = vacancyInput.parse({
      branchId: '1', directionId: '2', title: ' Механик ', slug: '', city: '', lead: '', salaryFrom: '85 000', salaryTo: '', employment: 'part_time',
      schedule: '', duties: ' Первое \r\n\r\nВторое', requirements: '', conditions: '', publishedAt: '', validThrough: '2026-12-31',
    });
    expect(parsed).toMatchObject({ title: 'Механик', salaryFrom: 8_500_000, salaryTo: null, duties: 'Первое\nВторое', validThrough: '2026-12-31' });
    expect(vacancyInput.safeParse({ ...parsed, branchId: '1', directionId: '2', salaryFrom: '85,5', salaryTo: '', duties: '' }).success).toBe(false);
  });
});
