import { useSyncExternalStore, type ReactNode } from "react";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "@shared/constants";

/**
 * A small toast store outside React (spec §4 and §9): at most TOAST_LIMIT toasts at a time,
 * each with an id and an open flag; a dismissed toast is removed after TOAST_REMOVE_DELAY_MS.
 */

export type ToastVariant = "default" | "destructive";

export type ToastOptions = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Display time in ms; the Toaster's default (5000 ms) when omitted. */
  duration?: number;
};

export type ToasterToast = ToastOptions & { id: string; open: boolean };

type State = { toasts: ToasterToast[] };

let count = 0;
function nextId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return String(count);
}

let state: State = { toasts: [] };
const listeners = new Set<() => void>();
const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function setState(next: State): void {
  state = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removeTimeouts.has(id)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(id);
    setState({ toasts: state.toasts.filter((toast) => toast.id !== id) });
  }, TOAST_REMOVE_DELAY_MS);
  removeTimeouts.set(id, timeout);
}

/** Closes one toast, or all of them without an id; removal follows after the delay. */
export function dismissToast(id?: string): void {
  for (const toast of state.toasts) {
    if (id === undefined || toast.id === id) scheduleRemoval(toast.id);
  }
  setState({
    toasts: state.toasts.map((toast) => (id === undefined || toast.id === id ? { ...toast, open: false } : toast)),
  });
}

function updateToast(id: string, options: ToastOptions): void {
  setState({ toasts: state.toasts.map((toast) => (toast.id === id ? { ...toast, ...options } : toast)) });
}

/** Shows a toast and answers handles to update or dismiss it. */
export function toast(options: ToastOptions): { id: string; dismiss: () => void; update: (options: ToastOptions) => void } {
  const id = nextId();
  setState({ toasts: [{ ...options, id, open: true }, ...state.toasts].slice(0, TOAST_LIMIT) });
  return { id, dismiss: () => dismissToast(id), update: (next) => updateToast(id, next) };
}

/** Radix tells us when a toast closes (timer, swipe, close button): mark it closed. */
export function handleToastOpenChange(id: string, open: boolean): void {
  if (!open) dismissToast(id);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => state;

/**
 * The store as React sees it. Through `useSyncExternalStore`: a toast raised between the Toaster's first render and its
 * subscription (the Toaster loads after the first paint, as a member may already be clicking) is not missed.
 */
export function useToast() {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { toasts: current.toasts, toast, dismiss: dismissToast };
}
