import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from "@shared/constants";
import { handleToastOpenChange, useToast } from "@web/lib/use-toast";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";

/** Renders the toast store (spec §9: 5000 ms, swipe right 50 px, viewport hotkey F8). */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <Toast key={id} variant={variant} duration={duration} open={open} onOpenChange={(next) => handleToastOpenChange(id, next)}>
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={["F8"]} />
    </ToastProvider>
  );
}
