import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The line under an account form that offers the other way in: "New to Furrow? Create an account". */
export function AuthPrompt({
  question,
  to,
  children,
}: {
  question: string;
  to: string;
  children: ReactNode;
}) {
  return (
    <p className="text-center text-ink-muted text-sm">
      {question}{' '}
      <Link to={to} className="text-leaf-ink underline underline-offset-4">
        {children}
      </Link>
    </p>
  );
}
