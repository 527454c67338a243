import { createContext, useContext } from 'react';
import { useNavigate } from 'react-router-dom';

/** forward: the screen leaves to the left and the next enters from the right; back: the reverse. */
export type SlideDirection = 'forward' | 'back';
export type AuthNavigate = (to: string, direction?: SlideDirection) => void;

export const AuthNavContext = createContext<AuthNavigate | null>(null);

/** Navigation between auth screens with the slide-out animation; outside the shell a plain navigate. */
export function useAuthNavigate(): AuthNavigate {
  const slide = useContext(AuthNavContext);
  const navigate = useNavigate();
  return slide ?? ((to: string) => navigate(to));
}

export interface AuthLocationState {
  enter?: 'left' | 'right';
  from?: string;
}
