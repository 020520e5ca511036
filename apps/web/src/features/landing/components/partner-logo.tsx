import { useCallback, useState } from 'react';
import { cn } from '../../../lib/cn';

export interface PartnerLogoProps {
  src: string;
  name: string;
  /** Shown in a badge of the same size when the image cannot be loaded (spec §8). */
  initial: string;
  className?: string;
}

const SIZE = 56;

/** A partner's logo, sized up front (no layout shift), with a letter badge as its fallback. */
export function PartnerLogo({ src, name, initial, className }: PartnerLogoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // The built HTML starts loading the image before React is attached, so a failure can happen
  // before onError exists; a broken image is `complete` with no natural size.
  const checkAlreadyFailed = useCallback(
    (image: HTMLImageElement | null) => {
      if (image?.complete && image.naturalWidth === 0) setFailedSrc(src);
    },
    [src],
  );

  if (failedSrc === src) {
    return (
      <span
        role="img"
        aria-label={name}
        data-fallback="true"
        className={cn(
          'grid size-14 shrink-0 place-items-center rounded-2xl bg-brand-700 text-2xl font-extrabold text-white dark:bg-brand-500 dark:text-slate-950',
          className,
        )}
      >
        <span aria-hidden="true">{initial}</span>
      </span>
    );
  }
  return (
    <img
      ref={checkAlreadyFailed}
      src={src}
      alt={name}
      width={SIZE}
      height={SIZE}
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={cn('size-14 shrink-0 rounded-2xl', className)}
    />
  );
}
