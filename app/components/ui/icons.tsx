// Inline icons (24×24 viewBox, stroke = currentColor): no icon font, no extra request.
type IconProps = { size?: number; className?: string };

function Svg({ size = 24, className, children }: IconProps & { children: React.ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8}
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className={className}>
      {children}
    </svg>
  );
}

export const IconCart = (p: IconProps) => <Svg {...p}><circle cx="9" cy="20" r="1.5" /><circle cx="18" cy="20" r="1.5" /><path d="M2 3h3l2.6 12.2a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L21 8H6" /></Svg>;
export const IconHeart = (p: IconProps) => <Svg {...p}><path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" /></Svg>;
export const IconCompare = (p: IconProps) => <Svg {...p}><path d="M6 20V10M12 20V4M18 20v-6" /></Svg>;
export const IconSearch = (p: IconProps) => <Svg {...p}><circle cx="11" cy="11" r="7" /><path d="m20 20-3.5-3.5" /></Svg>;
export const IconPin = (p: IconProps) => <Svg {...p}><path d="M12 21s-7-6.1-7-11.5a7 7 0 0 1 14 0C19 14.9 12 21 12 21z" /><circle cx="12" cy="9.5" r="2.5" /></Svg>;
export const IconPhone = (p: IconProps) => <Svg {...p}><path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" /></Svg>;
export const IconUser = (p: IconProps) => <Svg {...p}><circle cx="12" cy="8" r="4" /><path d="M4 21a8 8 0 0 1 16 0" /></Svg>;
export const IconMenu = (p: IconProps) => <Svg {...p}><path d="M3 6h18M3 12h18M3 18h18" /></Svg>;
export const IconClose = (p: IconProps) => <Svg {...p}><path d="M18 6 6 18M6 6l12 12" /></Svg>;
export const IconChevronRight = (p: IconProps) => <Svg {...p}><path d="m9 18 6-6-6-6" /></Svg>;
export const IconChevronLeft = (p: IconProps) => <Svg {...p}><path d="m15 18-6-6 6-6" /></Svg>;
export const IconChevronDown = (p: IconProps) => <Svg {...p}><path d="m6 9 6 6 6-6" /></Svg>;
export const IconGrid = (p: IconProps) => <Svg {...p}><rect x="3" y="3" width="7" height="7" rx="1" /><rect x="14" y="3" width="7" height="7" rx="1" /><rect x="3" y="14" width="7" height="7" rx="1" /><rect x="14" y="14" width="7" height="7" rx="1" /></Svg>;
export const IconMail = (p: IconProps) => <Svg {...p}><rect x="2" y="4" width="20" height="16" rx="2" /><path d="m22 6-10 7L2 6" /></Svg>;
export const IconClock = (p: IconProps) => <Svg {...p}><circle cx="12" cy="12" r="9" /><path d="M12 7v5l3 2" /></Svg>;
export const IconWrench = (p: IconProps) => <Svg {...p}><path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" /></Svg>;

/** Machinery category icons by the key stored with the category. */
export function CategoryIcon({ icon, size = 22 }: { icon: string; size?: number }) {
  switch (icon) {
    case 'tractor': return <Svg size={size}><circle cx="7" cy="17" r="3.5" /><circle cx="18" cy="18" r="2.5" /><path d="M4 13V7h7l2 6h5l2 3M11 7V4M10.5 17H15.5" /></Svg>;
    case 'combine': return <Svg size={size}><circle cx="8" cy="18" r="2.5" /><circle cx="17" cy="18" r="2.5" /><path d="M3 14h18v-4h-6V6H8v4H3zM15 10l4-4h2" /></Svg>;
    case 'seeder': return <Svg size={size}><path d="M3 8h18M5 8v6M9 8v6M13 8v6M17 8v6M5 17l1 3M9 17l1 3M13 17l1 3M17 17l1 3" /></Svg>;
    case 'sprayer': return <Svg size={size}><path d="M2 12h20M4 12v3M8 12v3M12 12v3M16 12v3M20 12v3M9 8h6v4H9z" /></Svg>;
    case 'tillage': return <Svg size={size}><path d="M3 6h18M6 6l2 12M12 6v12M18 6l-2 12" /></Svg>;
    case 'loader': return <Svg size={size}><circle cx="7" cy="18" r="2.5" /><circle cx="16" cy="18" r="2.5" /><path d="M4 15V9h6l2 6M12 9l6-5 3 3h-4" /></Svg>;
    case 'trailer': return <Svg size={size}><rect x="3" y="7" width="14" height="8" rx="1" /><circle cx="8" cy="18" r="2" /><circle cx="13" cy="18" r="2" /><path d="M17 12h4" /></Svg>;
    case 'dryer': return <Svg size={size}><path d="M6 21V8l6-5 6 5v13M10 21v-6h4v6" /></Svg>;
    case 'hay': case 'forage': return <Svg size={size}><circle cx="12" cy="13" r="7" /><path d="M12 6v14M5 13h14" /></Svg>;
    case 'spreader': return <Svg size={size}><path d="M5 6h14l-2 7H7zM12 13v3M8 18l-2 3M16 18l2 3M12 18v3" /></Svg>;
    default: return <Svg size={size}><rect x="4" y="4" width="16" height="16" rx="3" /><path d="M9 12h6M12 9v6" /></Svg>;
  }
}
