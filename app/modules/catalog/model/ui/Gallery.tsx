import { useState } from 'react';
import type { CatalogImage } from '../../catalog.schema.ts';
import { galleryStep } from '../model.rules.ts';
import styles from './ModelPage.module.css';

/**
 * The model's photos: the main image keeps its box (width, height and the aspect ratio), so nothing
 * shifts; thumbnails are buttons; ← and → (Home, End) move through the photos when the gallery has
 * focus. The first image is the page's largest paint: loaded at once with high priority.
 */
export function Gallery({ images, name }: { images: CatalogImage[]; name: string }) {
  const [index, setIndex] = useState(0);
  const current = images[index];
  if (!current) {
    return <div className={styles.stage} data-testid="gallery"><span className={styles.noImage}>Фото скоро появится</span></div>;
  }
  const many = images.length > 1;
  return (
    <section
      className={styles.gallery}
      aria-label={`Фотографии: ${name}`}
      aria-roledescription="галерея"
      data-testid="gallery"
      onKeyDown={(e) => {
        const next = galleryStep(index, images.length, e.key);
        if (next === null) return;
        e.preventDefault();
        setIndex(next);
      }}
    >
      <div className={styles.stage} tabIndex={many ? 0 : undefined} aria-label={many ? `Фото ${index + 1} из ${images.length}. Листайте стрелками` : undefined}>
        <img
          key={current.src}
          src={current.src}
          width={current.width}
          height={current.height}
          alt={current.alt || name}
          className={styles.mainImage}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          decoding="async"
        />
      </div>
      {many ? (
        <ul className={styles.thumbs}>
          {images.map((img, i) => (
            <li key={img.src}>
              <button
                type="button"
                className={styles.thumb}
                aria-label={`Фото ${i + 1} из ${images.length}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              >
                <img src={img.src} width={img.width} height={img.height} alt="" loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
