export interface SectionHeadingProps {
  id: string;
  title: string;
  subtitle: string;
  /** h2 for a page section, h3 for a block inside one. */
  level?: 2 | 3;
  inverted?: boolean;
}

export function SectionHeading({
  id,
  title,
  subtitle,
  level = 2,
  inverted = false,
}: SectionHeadingProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="mx-auto mb-10 max-w-2xl space-y-3 text-center">
      <Heading
        id={id}
        className={
          level === 2
            ? 'text-3xl font-extrabold tracking-tight sm:text-4xl'
            : 'text-2xl font-extrabold tracking-tight sm:text-3xl'
        }
      >
        {title}
      </Heading>
      <p className={inverted ? 'text-brand-100' : 'text-slate-600 dark:text-slate-300'}>
        {subtitle}
      </p>
    </div>
  );
}
