export interface StoreBrandProps {
  name: string;
  logo: string | null | undefined;
}

/** The store's logo and name above the page, when the merchant shows their logo (decision 034). */
export function StoreBrand({ name, logo }: StoreBrandProps) {
  if (!logo) return null;
  return (
    <div className="mb-3 flex items-center gap-3" data-testid="store-brand">
      <img
        src={logo}
        alt=""
        className="size-10 shrink-0 rounded-xl bg-white object-contain ring-1 ring-slate-200 dark:ring-slate-700"
      />
      <p className="truncate text-sm font-bold text-slate-900 dark:text-white">{name}</p>
    </div>
  );
}
