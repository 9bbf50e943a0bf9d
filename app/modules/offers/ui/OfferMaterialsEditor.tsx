import { useState } from 'react';
import styles from '#app/components/backoffice/kit.module.css';
import { imageUrl } from '#app/lib/picture.ts';
import { OFFER_DOCUMENT_TYPES, VIDEO_HOST_MESSAGE, videoHostAllowed, type OfferContent } from '../offers.schema.ts';
import ed from './OfferEditor.module.css';

type Doc = OfferContent['docs'][number];
type UseCase = OfferContent['use_cases'][number];
type Media = OfferContent['media'][number];

/** What the upload route answers (ADR 102): a document's file or a picture, or why it was refused. */
export type UploadAnswer =
  | { ok: true; kind: 'doc'; file: NonNullable<Doc['file']> }
  | { ok: true; kind: 'image'; image: NonNullable<Media['image']> }
  | { ok: false; message: string };

export type Uploader = (kind: 'doc' | 'image', file: File) => Promise<UploadAnswer>;

type Materials = Pick<OfferContent, 'docs' | 'use_cases' | 'media' | 'selected_use_cases'>;

function move<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (j < 0 || j >= list.length) return [...list];
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} МБ` : `${Math.max(1, Math.round(bytes / 1024))} КБ`);

function RowButtons({ label, index, count, onMove, onRemove }: { label: string; index: number; count: number; onMove: (by: -1 | 1) => void; onRemove: () => void }) {
  return (
    <span className={ed.row}>
      <button type="button" className="btn btn-secondary" aria-label={`Выше: ${label}`} disabled={index === 0} onClick={() => onMove(-1)}>↑</button>
      <button type="button" className="btn btn-secondary" aria-label={`Ниже: ${label}`} disabled={index === count - 1} onClick={() => onMove(1)}>↓</button>
      <button type="button" className="btn btn-secondary" aria-label={`Убрать: ${label}`} onClick={onRemove}>Убрать</button>
    </span>
  );
}

/** A file picked and sent at once; the answer's refusal is shown beside it. */
function UploadField({ label, accept, kind, upload, onUploaded }: { label: string; accept: string; kind: 'doc' | 'image'; upload: Uploader; onUploaded: (answer: Extract<UploadAnswer, { ok: true }>, name: string) => void }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  return (
    <label className={ed.field}>
      <span>{state.busy ? 'Загружается…' : label}</span>
      <input type="file" accept={accept} disabled={state.busy} onChange={async (e) => {
        const input = e.currentTarget;
        const file = input.files?.[0];
        if (!file) return;
        setState({ busy: true, error: null });
        const answer = await upload(kind, file);
        input.value = '';
        setState({ busy: false, error: answer.ok ? null : answer.message });
        if (answer.ok) onUploaded(answer, file.name);
      }} />
      {state.error ? <span className={styles.error} role="alert">{state.error}</span> : null}
    </label>
  );
}

/**
 * The offer's documents, use cases and media in the editor (ADR 102): added, edited, moved and
 * removed in the working copy, which is saved and sent as the rest of the editor's changes.
 */
export function OfferMaterialsEditor({ value, onChange, upload, hash }: { value: Materials; onChange: (patch: Partial<Materials>) => void; upload: Uploader; hash: string }) {
  const [video, setVideo] = useState({ url: '', error: '' });
  const setDoc = (i: number, d: Doc) => onChange({ docs: value.docs.map((x, j) => (j === i ? d : x)) });
  const setCase = (i: number, u: UseCase) => onChange({ use_cases: value.use_cases.map((x, j) => (j === i ? u : x)) });
  const setMedia = (i: number, m: Media) => onChange({ media: value.media.map((x, j) => (j === i ? m : x)) });
  const caseId = () => {
    const taken = new Set(value.use_cases.map((u) => u.id));
    let n = value.use_cases.length + 1;
    while (taken.has(`u${n}`)) n++;
    return `u${n}`;
  };
  return (
    <>
      <section className={ed.materials} aria-label="Документы" data-testid="editor-docs">
        <p className={ed.subTitle}>Документы</p>
        {value.docs.length === 0 ? <p className={styles.muted}>Документов нет: загрузите спецификацию, договор или буклет (PDF, DOCX, XLSX, изображение; до 20 МБ).</p> : null}
        {value.docs.map((d, i) => (
          <div key={d.file?.id ?? d.url ?? i} className={ed.material} data-testid="editor-doc">
            <label className={ed.field}><span>Название документа *</span>
              <input value={d.title} required maxLength={300} onChange={(e) => setDoc(i, { ...d, title: e.currentTarget.value })} />
            </label>
            <label className={ed.field}><span>Тип</span>
              <select value={d.type ?? ''} onChange={(e) => setDoc(i, { ...d, type: e.currentTarget.value || undefined })}>
                <option value="">Не указан</option>
                {[...OFFER_DOCUMENT_TYPES, ...(d.type && !(OFFER_DOCUMENT_TYPES as readonly string[]).includes(d.type) ? [d.type] : [])].map((t) => <option key={t} value={t}>{t}</option>)}
              </select>
            </label>
            <span className={styles.muted}>
              {d.file ? <a href={`/offer/${hash}/files/${d.file.id}`}>{d.file.name}</a> : <a href={d.url} target="_blank" rel="noopener noreferrer">ссылка</a>}
              {d.file ? ` · ${sizeText(d.file.size)}` : ''}
            </span>
            <RowButtons label={d.title || 'документ'} index={i} count={value.docs.length} onMove={(by) => onChange({ docs: move(value.docs, i, by) })} onRemove={() => onChange({ docs: value.docs.filter((_, j) => j !== i) })} />
          </div>
        ))}
        {value.docs.length < 50 ? (
          <UploadField label="Загрузить документ" kind="doc" upload={upload} accept=".pdf,.docx,.xlsx,.jpg,.jpeg,.png,.webp"
            onUploaded={(a, name) => { if (a.kind === 'doc') onChange({ docs: [...value.docs, { title: name.replace(/\.[A-Za-z0-9]{1,5}$/, '').slice(0, 300) || 'Документ', type: 'Спецификация', file: a.file }] }); }} />
        ) : null}
      </section>

      <section className={ed.materials} aria-label="Сценарии применения" data-testid="editor-use-cases">
        <p className={ed.subTitle}>Сценарии применения</p>
        <p className={styles.muted}>Клиент отмечает подходящие ему сценарии на странице предложения; вы видите его выбор в изменениях.</p>
        {value.use_cases.map((u, i) => (
          <div key={u.id} className={ed.material} data-testid="editor-use-case">
            <label className={ed.field}><span>Сценарий *</span>
              <input value={u.title} required maxLength={300} onChange={(e) => setCase(i, { ...u, title: e.currentTarget.value })} />
            </label>
            <label className={`${ed.field} ${ed.wide}`}><span>Описание</span>
              <textarea value={u.description ?? ''} maxLength={1000} rows={2} onChange={(e) => setCase(i, { ...u, description: e.currentTarget.value || undefined })} />
            </label>
            <RowButtons label={u.title || 'сценарий'} index={i} count={value.use_cases.length} onMove={(by) => onChange({ use_cases: move(value.use_cases, i, by) })}
              onRemove={() => onChange({ use_cases: value.use_cases.filter((_, j) => j !== i), selected_use_cases: value.selected_use_cases.filter((id) => id !== u.id) })} />
          </div>
        ))}
        {value.use_cases.length < 50 ? <p className={ed.row}><button type="button" className="btn btn-secondary" onClick={() => onChange({ use_cases: [...value.use_cases, { id: caseId(), title: '' }] })}>+ Сценарий</button></p> : null}
      </section>

      <section className={ed.materials} aria-label="Фото и видео" data-testid="editor-media">
        <p className={ed.subTitle}>Фото и видео</p>
        {value.media.map((m, i) => (
          <div key={m.image?.id ?? m.url ?? i} className={ed.material} data-testid="editor-media-item">
            {m.image ? <img className={ed.thumb} src={imageUrl(m.image.id, Math.min(320, m.image.width), 'webp')} alt="" width={96} height={Math.round((96 * m.image.height) / m.image.width)} />
              : <span className={styles.muted}>{m.type === 'video' ? 'Видео' : 'Фото'}: <a href={m.url} target="_blank" rel="noopener noreferrer">{m.url}</a></span>}
            <label className={ed.field}><span>Подпись</span>
              <input value={m.title ?? ''} maxLength={300} onChange={(e) => setMedia(i, { ...m, title: e.currentTarget.value || undefined })} />
            </label>
            <RowButtons label={m.title || (m.type === 'video' ? 'видео' : 'фото')} index={i} count={value.media.length} onMove={(by) => onChange({ media: move(value.media, i, by) })} onRemove={() => onChange({ media: value.media.filter((_, j) => j !== i) })} />
          </div>
        ))}
        {value.media.length < 50 ? (
          <div className={ed.finder}>
            <UploadField label="Загрузить фото (JPEG, PNG, WebP; до 15 МБ)" kind="image" upload={upload} accept="image/jpeg,image/png,image/webp,image/avif"
              onUploaded={(a) => { if (a.kind === 'image') onChange({ media: [...value.media, { type: 'image', image: a.image }] }); }} />
            <label className={ed.field}><span>Ссылка на видео (YouTube, RuTube, VK Видео, Дзен, Vimeo)</span>
              <input type="url" value={video.url} placeholder="https://rutube.ru/video/…" onChange={(e) => setVideo({ url: e.currentTarget.value, error: '' })} />
              {video.error ? <span className={styles.error} role="alert">{video.error}</span> : null}
            </label>
            <button type="button" className="btn btn-secondary" disabled={!video.url.trim()} onClick={() => {
              const url = video.url.trim();
              if (!videoHostAllowed(url)) { setVideo({ url, error: VIDEO_HOST_MESSAGE }); return; }
              onChange({ media: [...value.media, { type: 'video', url }] });
              setVideo({ url: '', error: '' });
            }}>Добавить видео</button>
          </div>
        ) : null}
      </section>
    </>
  );
}
