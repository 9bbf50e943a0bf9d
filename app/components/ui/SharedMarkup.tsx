import { createContext, createElement, use, type ButtonHTMLAttributes, type ComponentType, type FormHTMLAttributes, type HTMLAttributes, type JSX } from 'react';

/**
 * Markup that is the same for every visitor who sees the same data, made once and reused (ADR 048).
 *
 * `<SharedMarkup as="div" className={…} component={CardBody} props={{ … }} />` renders as
 * `<div className={…}><CardBody {...props} /></div>`. In the browser it is exactly that, and hydrates
 * as usual. On the server, when the markup of `CardBody` with these props was made before, the
 * element carries it as its inner HTML instead of rendering the component again: the same bytes
 * React would write, so hydration finds the document it expects.
 *
 * What the shared component may do, so that its markup depends on its props alone (the tests of
 * each use compare both renderings byte for byte):
 * - read nothing but its props: no route data, no context whose value changes what it renders;
 * - no `useId` (its ids depend on the place in the tree), no Suspense, no `lazy`;
 * - props that survive JSON (they are the cache's key): plain data, no elements. Event handlers
 *   may be passed (they are not markup and not part of the key).
 */
export interface SharedMarkupSource {
  /** The markup of `component` with `props`, if it was made before; null renders it now. */
  markup<P extends object>(component: ComponentType<P>, props: P): string | null;
  /**
   * A document's mark for the piece, which its stream replaces with the piece's bytes: written as
   * text, it needs no element of its own. Only a document's source has it.
   */
  mark?<P extends object>(component: ComponentType<P>, props: P): string | null;
}

/** Given by the server's entry; absent in the browser. */
export const SharedMarkupContext = createContext<SharedMarkupSource | null>(null);

type HostAttributes = Omit<HTMLAttributes<HTMLElement> & ButtonHTMLAttributes<HTMLButtonElement> & Pick<FormHTMLAttributes<HTMLFormElement>, 'method'>, 'children' | 'dangerouslySetInnerHTML'> & {
  [data: `data-${string}`]: string | undefined;
};

export type SharedMarkupProps<P extends object> = (HostAttributes & {
  /**
   * The element that holds the shared markup. It is rendered every time, with the other attributes
   * given here (a class, a state, a handler), so those may differ per visitor.
   */
  as: keyof JSX.IntrinsicElements;
  component: ComponentType<P>;
  props: P;
}) | {
  /**
   * None: the markup stands among its siblings as the component's own elements would (no wrapper
   * to style around). The server writes a mark as text that the document's stream replaces, so
   * the piece must not stand next to text (React would put a separator between the two).
   */
  as?: undefined;
  component: ComponentType<P>;
  props: P;
};

export function SharedMarkup<P extends object>({ as, component, props, ...rest }: SharedMarkupProps<P>) {
  const source = use(SharedMarkupContext);
  if (as === undefined) return source?.mark?.(component, props) ?? createElement(component, props);
  const host = rest as HostAttributes;
  const html = source ? source.markup(component, props) : null;
  if (html !== null) return createElement(as, { ...host, dangerouslySetInnerHTML: { __html: html } });
  return createElement(as, host, createElement(component, props));
}
