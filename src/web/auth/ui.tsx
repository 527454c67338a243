import { useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FieldStatus } from './auth-rules.ts';
import './auth.css';
import { Spinner } from './spinner.tsx';

export { Spinner };

/**
 * The few controls the auth screens draw (field, input, password, button, spinner), in plain React with
 * auth.css drawing them as antd does: the sign-in page carries neither antd nor its styles. The field keeps
 * antd's form-item class names (ant-form-item, ant-form-item-has-warning / -success), which a brand's own CSS
 * or script may target; everything is styled through the auth-* classes, so antd's stylesheet, when the shell
 * has brought it, changes nothing here.
 */

// The paths of antd's own icons (@ant-design/icons-svg: CheckCircleFilled, ExclamationCircleFilled, EyeOutlined,
// EyeInvisibleOutlined), so the fields look the same.
const CHECK_CIRCLE = 'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm193.5 301.7l-210.6 292a31.8 31.8 0 01-51.7 0L318.5 484.9c-3.8-5.3 0-12.7 6.5-12.7h46.9c10.2 0 19.9 4.9 25.9 13.3l71.2 98.8 157.2-218c6-8.3 15.6-13.3 25.9-13.3H699c6.5 0 10.3 7.4 6.5 12.7z';
const EXCLAMATION_CIRCLE = 'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm-32 232c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V296zm32 440a48.01 48.01 0 010-96 48.01 48.01 0 010 96z';
const EYE =
  'M942.2 486.2C847.4 286.5 704.1 186 512 186c-192.2 0-335.4 100.5-430.2 300.3a60.3 60.3 0 000 51.5C176.6 737.5 319.9 838 512 838c192.2 0 335.4-100.5 430.2-300.3 7.7-16.2 7.7-35 0-51.5zM512 766c-161.3 0-279.4-81.8-362.7-254C232.6 339.8 350.7 258 512 258c161.3 0 279.4 81.8 362.7 254C791.5 684.2 673.4 766 512 766zm-4-430c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm0 288c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z';
const EYE_INVISIBLE = [
  'M942.2 486.2Q889.47 375.11 816.7 305l-50.88 50.88C807.31 395.53 843.45 447.4 874.7 512 791.5 684.2 673.4 766 512 766q-72.67 0-133.87-22.38L323 798.75Q408 838 512 838q288.3 0 430.2-300.3a60.29 60.29 0 000-51.5zm-63.57-320.64L836 122.88a8 8 0 00-11.32 0L715.31 232.2Q624.86 186 512 186q-288.3 0-430.2 300.3a60.3 60.3 0 000 51.5q56.69 119.4 136.5 191.41L112.48 835a8 8 0 000 11.31L155.17 889a8 8 0 0011.31 0l712.15-712.12a8 8 0 000-11.32zM149.3 512C232.6 339.8 350.7 258 512 258c54.54 0 104.13 9.36 149.12 28.39l-70.3 70.3a176 176 0 00-238.13 238.13l-83.42 83.42C223.1 637.49 183.3 582.28 149.3 512zm246.7 0a112.11 112.11 0 01146.2-106.69L401.31 546.2A112 112 0 01396 512z',
  'M508 624c-3.46 0-6.87-.16-10.25-.47l-52.82 52.82a176.09 176.09 0 00227.42-227.42l-52.82 52.82c.31 3.38.47 6.79.47 10.25a111.94 111.94 0 01-112 112z',
];

/** An icon as antd draws it (role img and its aria-label), so it reads the same to assistive technology. */
function Icon({ name, paths }: { name: string; paths: string[] }) {
  return (
    <span role="img" aria-label={name} className={`anticon anticon-${name} auth-icon`}>
      <svg viewBox="64 64 896 896" focusable="false" width="1em" height="1em" fill="currentColor" aria-hidden="true">
        {paths.map((d) => (
          <path key={d.slice(0, 12)} d={d} />
        ))}
      </svg>
    </span>
  );
}

export interface FieldProps {
  id: string;
  label: string;
  status?: FieldStatus;
  /** The message under the field (shown in the status colour). */
  help?: string | null;
  children: ReactNode;
}

/** A labelled field of a vertical form: label above, the control, the message under it. */
export function Field({ id, label, status, help, children }: FieldProps) {
  const cls = ['ant-form-item', 'auth-field', status ? `ant-form-item-has-${status} auth-field--${status}` : '', help ? 'auth-field--help' : ''].filter(Boolean).join(' ');
  return (
    <div className={cls}>
      <div className="auth-field-label">
        <label htmlFor={id} title={label}>
          {label}
        </label>
      </div>
      <div className="auth-field-control">
        {children}
        {help ? (
          <div className="auth-field-help" role="alert">
            {help}
          </div>
        ) : null}
      </div>
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & { status?: FieldStatus; feedback?: boolean; large?: boolean };

/** A text input (large by default); `feedback` shows the status icon inside it, as antd's hasFeedback. */
export function TextInput({ status, feedback, large = true, className, ...input }: InputProps) {
  const icon = feedback && status ? <span className={`auth-feedback auth-feedback--${status}`}>{status === 'success' ? <Icon name="check-circle" paths={[CHECK_CIRCLE]} /> : <Icon name="exclamation-circle" paths={[EXCLAMATION_CIRCLE]} />}</span> : null;
  return (
    <span className={['auth-input', large ? 'auth-input--lg' : '', status ? `auth-input--${status}` : '', input.disabled ? 'auth-input--disabled' : ''].filter(Boolean).join(' ')}>
      <input {...input} className={className} />
      {icon ? <span className="auth-input-suffix">{icon}</span> : null}
    </span>
  );
}

/** A password input with the show/hide eye, as antd's Input.Password. */
export function PasswordInput({ status, large = true, ...input }: Omit<InputProps, 'feedback' | 'type'>) {
  const [shown, setShown] = useState(false);
  return (
    <span className={['auth-input', large ? 'auth-input--lg' : '', status ? `auth-input--${status}` : '', input.disabled ? 'auth-input--disabled' : ''].filter(Boolean).join(' ')}>
      <input {...input} type={shown ? 'text' : 'password'} />
      <span className="auth-input-suffix">
        {/* Not a button, as antd's: focus stays in the field; the icon's aria-label is antd's too. */}
        <span className="auth-password-eye" onMouseDown={(e) => e.preventDefault()} onClick={() => setShown((s) => !s)}>
          {shown ? <Icon name="eye" paths={[EYE]} /> : <Icon name="eye-invisible" paths={EYE_INVISIBLE} />}
        </span>
      </span>
    </span>
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { kind?: 'primary' | 'default' | 'link'; large?: boolean; block?: boolean };

/** A button drawn as antd's (primary in the brand's colour, default, link). */
export function Button({ kind = 'default', large = true, block = false, type = 'button', className, children, ...rest }: ButtonProps) {
  const cls = ['auth-btn', `auth-btn--${kind}`, large ? 'auth-btn--lg' : 'auth-btn--sm', block ? 'auth-btn--block' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type={type} className={cls} {...rest}>
      <span>{children}</span>
    </button>
  );
}

/** Content under a spinner while `spinning` (antd's Spin with children): dimmed and not clickable. */
export function SpinOver({ spinning, children }: { spinning: boolean; children: ReactNode }) {
  return (
    <div className="auth-spin-nested">
      {spinning ? (
        <div className="auth-spin-over">
          <Spinner />
        </div>
      ) : null}
      <div className={`auth-spin-content${spinning ? ' auth-spin-content--blur' : ''}`}>{children}</div>
    </div>
  );
}
