import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useEffect } from 'react';
import { TOAST_PLACEMENT } from '../dialogs/dialogs.tsx';

/** SPEC 9: report toasts last 60000 ms, at most 2 at once. */
export const REPORT_TOAST_MS = 60_000;
export const REPORT_TOAST_MAX = 2;

let host: NotificationInstance | null = null;

/** Mounted once by the shell: the report toasts' own notification instance (its own count limit). */
export function ReportNotificationsHost() {
  const [api, holder] = notification.useNotification({ maxCount: REPORT_TOAST_MAX, placement: TOAST_PLACEMENT });
  useEffect(() => {
    host = api;
    return () => {
      if (host === api) host = null;
    };
  }, [api]);
  return <div className="report-toasts">{holder}</div>;
}

export type ReportToastKind = 'info' | 'success' | 'warning' | 'error';

export function reportToast(kind: ReportToastKind, text: string, description?: string, key?: string): void {
  const n = host ?? notification;
  n[kind]({ key, title: text, description, duration: REPORT_TOAST_MS / 1000, placement: TOAST_PLACEMENT, className: `report-toast report-toast-${kind}` });
}
