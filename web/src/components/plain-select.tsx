import { useId } from "react";
import classes from "./plain-select.module.css";

type Option = { value: string; label: string };

/**
 * A labelled native select for student filters: the phone's own picker, styled with the theme's
 * variables, without Mantine's NativeSelect and its input machinery (~1.4 KB brotli on a first load
 * that must stay under 150 KB, decision 011).
 */
export function PlainSelect({
  label,
  value,
  options,
  onChange,
  maw,
}: {
  label: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
  maw?: number;
}) {
  const id = useId();
  return (
    <div className={classes.field} style={maw ? { maxWidth: maw } : undefined}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <select id={id} className={classes.select} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
