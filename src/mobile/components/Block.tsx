import type { ReactNode } from 'react';

/** A titled white block of a detail page (a region named by its title). */
export function Block({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="m-block" aria-label={title}>
      <header className="m-block-header">
        <h4 className="m-block-title">{title}</h4>
        {extra}
      </header>
      <div className="m-block-body">{children}</div>
    </section>
  );
}

/** Label and value rows of a read-only record. */
export function Fields({ fields }: { fields: [label: string, value: ReactNode][] }) {
  return (
    <dl className="m-fields">
      {fields.map(([label, value]) => (
        <div key={label} className="m-fields-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
