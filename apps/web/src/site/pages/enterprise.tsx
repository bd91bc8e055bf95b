import type { SitePage, SiteProps } from '@dak/domain/public-site';
import { type FormEvent, useState } from 'react';
import { describedBy, Field as FormField } from '../components/field';
import { formatNumber, formatTaka } from '../format';
import { dictionaries, fill } from '../i18n';
import {
  checkLead,
  type LeadField as Field,
  leadFields as fields,
  type LeadProblem,
  type LeadProblems,
  leadMessage,
  preloadLeadCheck,
} from '../lead-check';

type EnterpriseData = Extract<SitePage, { name: 'enterprise' }>;

/** Truck types with capacity and indicative prices, and the quote request form. */
export function EnterprisePage({ lang, page }: SiteProps & { page: EnterpriseData }) {
  const t = dictionaries[lang].enterprise;
  return (
    <>
      <section className="wrap section">
        <h1>{t.title}</h1>
        <p className="lead">{t.intro}</p>
      </section>
      <section className="wrap section" aria-labelledby="trucks-title">
        <h2 id="trucks-title">{t.trucksTitle}</h2>
        {page.trucks.length > 0 ? <p className="muted">{t.indicative}</p> : null}
        {page.trucks.length > 0 ? (
          <ul className="cards">
            {page.trucks.map((truck) => (
              <li key={truck.id} className="card">
                <h3>{lang === 'bn' ? truck.nameBn : truck.name}</h3>
                <p>{lang === 'bn' ? truck.descriptionBn : truck.description}</p>
                <p className="muted">
                  {fill(t.capacity, { kg: formatNumber(truck.capacityKg, lang) })} ·{' '}
                  {fill(t.length, { feet: formatNumber(truck.lengthFeet, lang) })}
                </p>
                <p className="price">
                  {fill(t.from, {
                    price: formatTaka(truck.indicativePriceTaka, lang),
                    unit: t.unit[truck.priceUnit],
                  })}
                </p>
                <p className="muted price__note">{t.indicativeShort}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t.noTrucks}</p>
        )}
      </section>
      <section className="wrap section" aria-labelledby="lead-title">
        <LeadForm lang={lang} />
      </section>
    </>
  );
}

function LeadForm({ lang }: { lang: SiteProps['lang'] }) {
  const t = dictionaries[lang].enterprise;
  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    email: '',
    phone: '',
    company: '',
    requirement: '',
  });
  const [errors, setErrors] = useState<LeadProblems>({});
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state === 'sending') return;
    setState('sending');
    // The server's schema, in the browser: the same rules and words before anything is sent.
    const problems = await checkLead(values).catch((): LeadProblems => ({}));
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setState('idle');
      // The first field to fix gets the focus, so a keyboard or screen-reader user lands on it.
      const first = fields.find((field) => problems[field]);
      if (first) document.getElementById(`lead-${first}`)?.focus();
      return;
    }
    try {
      const res = await fetch('/api/v1/public/enterprise-leads', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(values),
      });
      if (res.status === 201) {
        setState('sent');
        return;
      }
      // The server's field messages (the domain's schema), under their fields.
      const body = (await res.json().catch(() => null)) as {
        error?: { details?: { fields?: ({ path?: string } & LeadProblem)[] } };
      } | null;
      const byField: LeadProblems = {};
      for (const problem of body?.error?.details?.fields ?? []) {
        // `body.email` → `email`
        const field = problem.path?.split('.').pop() as Field | undefined;
        if (field && fields.includes(field) && !byField[field]) byField[field] = problem;
      }
      setErrors(byField);
      setState('failed');
    } catch {
      setState('failed');
    }
  }

  if (state === 'sent') {
    return (
      <div className="card" role="status">
        <h2 id="lead-title">{t.formTitle}</h2>
        <p className="alert alert--ok">{t.sent}</p>
      </div>
    );
  }
  const input = (field: Field, type: string, autoComplete: string) => {
    const id = `lead-${field}`;
    const problem = errors[field];
    const control = {
      id,
      name: field,
      value: values[field],
      ...describedBy(id, problem),
      onChange: (event: { target: { value: string } }) =>
        setValues({ ...values, [field]: event.target.value }),
    };
    return (
      <FormField
        key={field}
        id={id}
        label={t[field]}
        error={problem ? leadMessage(problem, t.fieldNames[field], lang) : undefined}
      >
        {field === 'requirement' ? (
          <textarea {...control} rows={4} placeholder={t.requirementHint} />
        ) : (
          <input {...control} type={type} autoComplete={autoComplete} />
        )}
      </FormField>
    );
  };
  return (
    <form className="card lead-form" onSubmit={submit} onFocus={preloadLeadCheck} noValidate>
      <h2 id="lead-title">{t.formTitle}</h2>
      <p className="muted">{t.formIntro}</p>
      <div className="calc__row">
        {input('name', 'text', 'name')}
        {input('company', 'text', 'organization')}
      </div>
      <div className="calc__row">
        {input('email', 'email', 'email')}
        {input('phone', 'tel', 'tel')}
      </div>
      {input('requirement', 'text', 'off')}
      {state === 'failed' ? (
        <p className="alert alert--error" role="alert">
          {t.failed}
        </p>
      ) : null}
      <button className="btn btn--primary btn--large" type="submit" disabled={state === 'sending'}>
        {state === 'sending' ? t.sending : t.send}
      </button>
    </form>
  );
}
