import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import styles from '#app/components/backoffice/kit.module.css';
import { formatBytes } from '#app/lib/bytes.ts';
import { PRICE_LIST_ACCEPT, PRICE_LIST_MAX_BYTES, UPLOAD_API_PATH, UPLOAD_MESSAGES } from '../pricelist/intake.schema.ts';

type State = { phase: 'idle' } | { phase: 'sending'; loaded: number; total: number } | { phase: 'error'; message: string };

/**
 * The upload of a price list: one file, full or a delta. Before hydration the form posts to the
 * page (the same checks on the server); once hydrated it sends the file with a progress bar and opens
 * the list's page when the server has it. Large files are refused before sending.
 */
export function PriceListUpload({ csrf, refusal }: { csrf: string; refusal: string | null }) {
  const [state, setState] = useState<State>(refusal ? { phase: 'error', message: refusal } : { phase: 'idle' });
  const xhr = useRef<XMLHttpRequest | null>(null);
  const navigate = useNavigate();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem('file') as HTMLInputElement).files?.[0];
    if (!file) return setState({ phase: 'error', message: UPLOAD_MESSAGES.noFile });
    if (file.size > PRICE_LIST_MAX_BYTES) return setState({ phase: 'error', message: UPLOAD_MESSAGES.tooLarge });
    const request = new XMLHttpRequest();
    xhr.current = request;
    request.open('POST', UPLOAD_API_PATH);
    request.setRequestHeader('X-CSRF-Token', csrf);
    request.responseType = 'json';
    request.upload.onprogress = (e) => setState({ phase: 'sending', loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    request.onload = () => {
      const body = request.response as { link?: string; message?: string } | null;
      if (request.status === 201 && body?.link) return void navigate(body.link);
      setState({ phase: 'error', message: body?.message ?? UPLOAD_MESSAGES.failed });
    };
    request.onerror = () => setState({ phase: 'error', message: UPLOAD_MESSAGES.network });
    request.onabort = () => setState({ phase: 'idle' });
    setState({ phase: 'sending', loaded: 0, total: file.size });
    request.send(new FormData(form));
  }

  const sending = state.phase === 'sending';
  return (
    <form method="post" action="/suppliers/files" encType="multipart/form-data" className={styles.card} onSubmit={submit} style={{ marginBottom: 16 }} aria-labelledby="upload-title">
      <h2 id="upload-title" style={{ marginTop: 0 }}>Загрузить прайс-лист</h2>
      <input type="hidden" name="_csrf" value={csrf} />
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'end' }}>
        <label style={{ display: 'grid', gap: 4 }}>
          Файл (CSV, XLSX, XLS или ZIP, до {formatBytes(PRICE_LIST_MAX_BYTES)})
          <input type="file" name="file" required accept={PRICE_LIST_ACCEPT} disabled={sending} />
        </label>
        <fieldset style={{ border: 0, padding: 0, margin: 0, display: 'flex', flexWrap: 'wrap', gap: '4px 16px' }} disabled={sending}>
          <legend className={styles.muted} style={{ padding: 0 }}>Что в файле</legend>
          <label style={{ whiteSpace: 'nowrap' }}><input type="radio" name="kind" value="full" defaultChecked /> весь прайс-лист</label>
          <label style={{ whiteSpace: 'nowrap' }}><input type="radio" name="kind" value="delta" /> только изменения</label>
        </fieldset>
        {sending
          ? <button type="button" className="btn btn-secondary" onClick={() => xhr.current?.abort()}>Отменить</button>
          : <button type="submit" className="btn btn-brand">Загрузить</button>}
      </div>
      {sending ? (
        <p style={{ marginBottom: 0 }} role="status">
          <progress max={state.total || 1} value={state.loaded} style={{ width: '100%' }} aria-label="Загрузка файла" />
          Загружено {formatBytes(state.loaded)} из {formatBytes(state.total)}
        </p>
      ) : null}
      {state.phase === 'error' ? <p className={styles.error} role="alert" style={{ marginBottom: 0 }}>{state.message}</p> : null}
    </form>
  );
}
