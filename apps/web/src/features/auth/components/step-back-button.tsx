import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../../../components/ui/button';

export interface StepBackButtonProps {
  onClick: () => void;
  children: ReactNode;
}

export function StepBackButton({ onClick, children }: StepBackButtonProps) {
  return (
    <Button variant="ghost" className="w-full" onClick={onClick}>
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {children}
    </Button>
  );
}
