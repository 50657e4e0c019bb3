// The site's icons, drawn as SVG. Emoji and symbol characters render as empty boxes on phones
// without a font that has them; an SVG draws the same everywhere. The shapes live once per page in
// a sprite (`IconSprite`, in the root document) and each icon refers to its shape: a few dozen bytes
// each, also where a list repeats one per card.

const SHAPES = {
  search: (
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </>
  ),
  chat: <path d="M4 5h16v11H10l-5 4v-4H4z" />,
  heart: (
    <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.2a4.3 4.3 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20z" />
  ),
  coins: (
    <>
      <circle cx="12" cy="12" r="8" />
      <path d="M14.5 9.2a3.4 3.4 0 1 0 0 5.6M8 11h5M8 13h5" />
    </>
  ),
  star: <path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L12 16.9l-5.2 2.8 1-5.9-4.3-4.1 5.9-.8z" />,
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 20.5c.6-3.8 3.7-5.8 7.5-5.8s6.9 2 7.5 5.8" />
    </>
  ),
  trash: <path d="M4 7h16M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13M10 11v5.5M14 11v5.5" />,
  back: <path d="M19 12H5.5M11 6l-6 6 6 6" />,
  gift: (
    <>
      <path d="M4 10h16v10H4zM3 7h18v3H3zM12 7v13" />
      <path d="M12 7C10.5 3.5 6.5 3.5 7 6c.3 1.2 2.5 1 5 1zm0 0c1.5-3.5 5.5-3.5 5-1-.3 1.2-2.5 1-5 1z" />
    </>
  ),
  camera: (
    <>
      <path d="M3.5 8h4l1.5-2.5h6L16.5 8h4v11.5h-17z" />
      <circle cx="12" cy="13.5" r="3.5" />
    </>
  ),
  close: <path d="M6 6l12 12M18 6L6 18" />,
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
} as const;

export type IconName = keyof typeof SHAPES;

/** The shapes, once per page (root document). Hidden: icons use them, nobody sees the sprite. */
export function IconSprite() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" className="d-none" aria-hidden="true">
      {Object.entries(SHAPES).map(([name, shape]) => (
        // Stroke and fill come from the `.icon` styles, which reach into each use of the shape.
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          {shape}
        </symbol>
      ))}
    </svg>
  );
}

/**
 * One icon in the text's colour and size. Decorative: the control around it carries the name
 * (an aria-label or a text beside it, at least for screen readers).
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : "icon"} aria-hidden="true" focusable="false">
      <use href={`#icon-${name}`} />
    </svg>
  );
}
