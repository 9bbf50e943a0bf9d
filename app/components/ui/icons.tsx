import sprite from './icons.svg?url';

// Icons come from one cached sprite (icons.svg, 24×24 symbols drawn with currentColor): a page
// references them with <use> instead of repeating their paths in every document.
type IconProps = { size?: number; className?: string };

/** A symbol of the sprite by its name (for a component whose props must be plain data). */
export function Icon({ name, size = 24, className }: IconProps & { name: string }) {
  return (
    <svg width={size} height={size} aria-hidden="true" focusable="false" className={className}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

export const IconCart = (p: IconProps) => <Icon name="cart" {...p} />;
export const IconSearch = (p: IconProps) => <Icon name="search" {...p} />;
export const IconPin = (p: IconProps) => <Icon name="pin" {...p} />;
export const IconPhone = (p: IconProps) => <Icon name="phone" {...p} />;
export const IconUser = (p: IconProps) => <Icon name="user" {...p} />;
export const IconMenu = (p: IconProps) => <Icon name="menu" {...p} />;
export const IconClose = (p: IconProps) => <Icon name="close" {...p} />;
export const IconChevronRight = (p: IconProps) => <Icon name="chevronright" {...p} />;
export const IconChevronLeft = (p: IconProps) => <Icon name="chevronleft" {...p} />;
export const IconChevronDown = (p: IconProps) => <Icon name="chevrondown" {...p} />;
export const IconGrid = (p: IconProps) => <Icon name="grid" {...p} />;
export const IconMail = (p: IconProps) => <Icon name="mail" {...p} />;
export const IconClock = (p: IconProps) => <Icon name="clock" {...p} />;

/** Keys with a symbol of their own in icons.svg (`cat-<key>`); forage harvesters and haymaking differ. */
export const CATEGORY_ICONS: ReadonlySet<string> = new Set(['tractor', 'combine', 'forage', 'seeder', 'sprayer', 'tillage', 'loader', 'trailer', 'dryer', 'hay', 'spreader']);

/** Machinery category icons by the key stored with the category. */
export function CategoryIcon({ icon, size = 22 }: { icon: string; size?: number }) {
  const key = CATEGORY_ICONS.has(icon) ? icon : 'other';
  return <Icon name={`cat-${key}`} size={size} />;
}
