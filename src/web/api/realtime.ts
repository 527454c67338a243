import { io, type Socket } from 'socket.io-client';
import { onSessionEnd } from './session-memory.ts';
import { useEffect, useRef } from 'react';
import { getToken } from './session.ts';

let socket: Socket | null = null;
let socketToken: string | null = null;

/** The one realtime socket of the session (SPEC 7): same origin, path /socket.io, the session token as auth. */
export function getSocket(): Socket | null {
  const token = getToken();
  if (!token) return null;
  if (socket && socketToken === token) return socket;
  socket?.disconnect();
  socketToken = token;
  socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
  return socket;
}

// The socket belongs to the session: signing out closes it (and its rooms with it).
onSessionEnd(() => closeSocket());

export function closeSocket(): void {
  socket?.disconnect();
  socket = null;
  socketToken = null;
}

/** Listens to one server event while the component is mounted. */
export function useSocketEvent<T = unknown>(event: string, handler: (payload: T) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const s = getSocket();
    if (!s) return;
    const fn = (p: T) => ref.current(p);
    s.on(event, fn);
    return () => {
      s.off(event, fn);
    };
  }, [event]);
}

/** Listens to every server event whose name matches (e.g. any '{event}-{pdf|xlsx}'). */
export function useSocketEvents(match: RegExp, handler: (event: string, payload: unknown) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const s = getSocket();
    if (!s) return;
    const fn = (event: string, payload: unknown) => {
      if (match.test(event)) ref.current(event, payload);
    };
    s.onAny(fn);
    return () => {
      s.offAny(fn);
    };
  }, [match]);
}
