/**
 * A partner organisation's logo (docs/product.md "Partners"), or its initial on a tile without one. The box has a set
 * width and height (the `<img>` attributes too), so the page does not move when the image arrives; the logo is
 * fitted inside it. Alt text: the organisation's name.
 */
const boxes = {
  sm: { width: 84, height: 28, className: 'h-7 w-[84px] object-left', tile: 'h-7 w-7 text-sm' },
  lg: { width: 144, height: 48, className: 'h-12 w-36 object-center', tile: 'h-12 w-12 text-xl' },
} as const;

export function OrganisationLogo({ name, url, size = 'sm' }: { name: string; url: string | null; size?: keyof typeof boxes }) {
  const box = boxes[size];
  if (url) return <img src={url} alt={name} width={box.width} height={box.height} className={`${box.className} shrink-0 object-contain`} />;
  return (
    <span aria-hidden className={`${box.tile} flex shrink-0 items-center justify-center rounded-md bg-emerald-100 font-bold text-emerald-800`}>
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
