import * as SwitchPrimitive from '@radix-ui/react-switch';
import { cn } from '../../lib/cn';

export interface SwitchProps {
  id?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-describedby'?: string;
  className?: string;
}

/** Radix switch in the house look; the thumb mirrors in RTL (index.css). */
export function Switch({ className, ...props }: SwitchProps) {
  return (
    <SwitchPrimitive.Root
      {...props}
      className={cn(
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full after:absolute after:-inset-x-1 after:-inset-y-2 bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-brand-600 dark:bg-slate-700 dark:data-[state=checked]:bg-brand-500',
        className,
      )}
    >
      <SwitchPrimitive.Thumb className="switch-thumb block size-5 rounded-full bg-white shadow transition-transform" />
    </SwitchPrimitive.Root>
  );
}
