import type { ChargeQuote } from '@dak/domain/pricing';
import { checkWeight, gramsFromKgText, type RateClass, weightLimits } from '@dak/domain/pricing-rules';
import type { AreaRef, Lang, SitePage, SiteProps } from '@dak/domain/public-site';
import { type FormEvent, useState } from 'react';
import { AreaPicker } from '../components/area-picker';
import { describedBy, Field } from '../components/field';
import { TrackBox } from '../components/track-box';
import { formatDate, formatTaka, localizeDigits, toLatinDigits } from '../format';
import { dictionaries, fill } from '../i18n';

type HomeData = Extract<SitePage, { name: 'home' }>;

export function HomePage({ lang, plan, page }: SiteProps & { page: HomeData }) {
  const t = dictionaries[lang].home;
  const cod = localizeDigits(String(plan.codFeePercent), lang);
  const days = plan.deliveryPromiseDays;
  return (
    <>
      <section className="hero">
        <div className="wrap hero__grid">
          <div>
            <h1 className="hero__title">{t.title}</h1>
            <p className="hero__pitch">{t.pitch}</p>
            <div className="hero__ctas">
              <a className="btn btn--primary btn--large" href="/register">
                {t.signup}
              </a>
              <a className="btn btn--large btn--ghost" href="/login">
                {t.login}
              </a>
            </div>
          </div>
          <TrackBox lang={lang} />
        </div>
      </section>
      <section className="wrap section" aria-labelledby="calc-title">
        <Calculator lang={lang} calc={page.calc} cutoff={plan.pickupCutoff} />
      </section>
      <section className="wrap section" aria-labelledby="why-title">
        <h2 id="why-title">{t.whyTitle}</h2>
        <ul className="cards">
          {t.why.map(([title, body]) => (
            <li key={title} className="card">
              <h3>{title}</h3>
              <p>{fill(body ?? '', { cod })}</p>
            </li>
          ))}
        </ul>
        <h2>{t.promiseTitle}</h2>
        <p>
          {fill(t.promiseRows, {
            same_city: localizeDigits(String(days.same_city), lang),
            suburbs: localizeDigits(String(days.suburbs), lang),
            outside: localizeDigits(String(days.outside), lang),
          })}
        </p>
      </section>
    </>
  );
}

type ApiError = { code: string; message: string; key?: string };

/** A refusal in the page's language: the spec's English words, their Bengali in Bengali. */
export function errorText(error: ApiError, lang: Lang): string {
  if (lang === 'en') return error.message;
  const bn: Record<string, string> = {
    WEIGHT_TOO_HIGH: 'ক্যালকুলেটরে ওজন ১০০০০ গ্রাম/১০ কেজির বেশি হতে পারবে না; ভারী পার্সেলের চার্জ দেখতে লগ ইন করুন',
    WEIGHT_TOO_LOW: 'পার্সেলের ওজন ০ গ্রামের বেশি হতে হবে',
    WEIGHT_NOT_WHOLE: 'ওজন সংখ্যায় লিখুন, যেমন ১.২',
    AREA_NOT_COVERED: 'এই এরিয়ায় আমরা এখনো ডেলিভারি করি না',
    RATE_LIMITED: 'অনেকবার চেষ্টা হয়েছে; এক মিনিট পরে আবার চেষ্টা করুন',
    CASH: 'বিক্রয় মূল্য শুধু অঙ্কে লিখুন, শুরুতে ০ ছাড়া',
  };
  return bn[error.code] ?? 'কিছু একটা সমস্যা হয়েছে। আবার চেষ্টা করুন।';
}

function Calculator(props: { lang: Lang; calc: HomeData['calc']; cutoff: string }) {
  const { lang } = props;
  const t = dictionaries[lang].home;
  const [weight, setWeight] = useState(props.calc.weight);
  const [price, setPrice] = useState(props.calc.price);
  const [pickup, setPickup] = useState<AreaRef | null>(props.calc.pickup);
  const [delivery, setDelivery] = useState<AreaRef | null>(props.calc.delivery);
  const [quote, setQuote] = useState<ChargeQuote | null>(props.calc.quote);
  const [error, setError] = useState<ApiError | null>(props.calc.error);
  const [fieldErrors, setFieldErrors] = useState<{ weight?: string; pickup?: string; delivery?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const grams = gramsFromKgText(weight);
    // The domain's weight rule, as the server applies it: same limits, same words.
    const problem = Number.isNaN(grams)
      ? { code: 'WEIGHT_NOT_WHOLE', message: 'Enter the weight in kilograms, e.g. 1.2' }
      : checkWeight(grams, weightLimits.calculatorMaxGrams);
    const errors = {
      weight: problem ? errorText(problem, lang) : undefined,
      pickup: pickup ? undefined : t.areaRequired,
      delivery: delivery ? undefined : t.areaRequired,
    };
    setFieldErrors(errors);
    setError(null);
    if (errors.weight || errors.pickup || errors.delivery || !pickup || !delivery) {
      setQuote(null);
      return;
    }
    const cash = toLatinDigits(price.trim());
    const params = new URLSearchParams({
      pickupAreaId: pickup.id,
      deliveryAreaId: delivery.id,
      weight: String(grams),
      cash,
    });
    setBusy(true);
    try {
      const res = await fetch(`/api/v1/charge?${params}`);
      const body = (await res.json()) as ChargeQuote | { error: ApiError };
      if ('error' in body) {
        setQuote(null);
        // A refused price (pricing.cashDigitsOnly, cashLeadingZero, cashTooHigh) by its message key.
        const cash = body.error.key?.startsWith('pricing.cash');
        const fieldCash = cash ? { ...body.error, code: 'CASH' } : body.error;
        setError(fieldCash);
      } else {
        setQuote(body);
        // The calculation in the address: the language switch and a shared link keep it.
        const keep = new URLSearchParams({
          w: weight.trim(),
          price: price.trim(),
          from: pickup.id,
          to: delivery.id,
        });
        window.history.replaceState(null, '', `${window.location.pathname}?${keep}`);
      }
    } catch {
      setError({ code: 'INTERNAL', message: dictionaries.en.enterprise.failed });
    } finally {
      setBusy(false);
    }
  }

  const rateClassName = quote ? t.rateClass[quote.rateClass as RateClass] : '';
  return (
    <div className="calc card">
      <h2 id="calc-title">{t.calcTitle}</h2>
      <p className="muted">{t.calcIntro}</p>
      <form className="calc__form" onSubmit={submit} noValidate>
        <div className="calc__row">
          <AreaPicker
            name="from"
            label={t.pickupArea}
            placeholder={t.areaPlaceholder}
            lang={lang}
            value={pickup}
            onChange={setPickup}
            error={fieldErrors.pickup}
          />
          <AreaPicker
            name="to"
            label={t.deliveryArea}
            placeholder={t.areaPlaceholder}
            lang={lang}
            value={delivery}
            onChange={setDelivery}
            error={fieldErrors.delivery}
          />
        </div>
        <div className="calc__row">
          <Field id="calc-weight" label={t.weight} hint={t.weightHint} error={fieldErrors.weight}>
            <input
              id="calc-weight"
              name="w"
              inputMode="decimal"
              autoComplete="off"
              value={weight}
              onChange={(event) => setWeight(event.target.value)}
              {...describedBy('calc-weight', fieldErrors.weight, t.weightHint)}
            />
          </Field>
          <Field id="calc-price" label={t.price} hint={t.priceHint}>
            <input
              id="calc-price"
              name="price"
              inputMode="numeric"
              autoComplete="off"
              value={price}
              onChange={(event) => setPrice(event.target.value)}
              {...describedBy('calc-price', undefined, t.priceHint)}
            />
          </Field>
        </div>
        <button className="btn btn--primary btn--large" type="submit" disabled={busy}>
          {busy ? t.calculating : t.calculate}
        </button>
      </form>
      <div className="calc__result" aria-live="polite">
        {error ? (
          <p className="alert alert--error" role="alert">
            {errorText(error, lang)}
          </p>
        ) : null}
        {quote ? (
          <div>
            <dl className="quote">
              <div>
                <dt>{t.deliveryCharge}</dt>
                <dd data-testid="delivery-charge">{formatTaka(quote.deliveryCharge, lang)}</dd>
              </div>
              <div>
                <dt>{t.codCharge}</dt>
                <dd data-testid="cod-charge">{formatTaka(quote.codCharge, lang)}</dd>
              </div>
              <div className="quote__total">
                <dt>{t.total}</dt>
                <dd data-testid="total-charge">{formatTaka(quote.totalCharge, lang)}</dd>
              </div>
            </dl>
            <p>
              {fill(t.promise, {
                days: localizeDigits(String(quote.deliveryPromiseDays), lang),
                class: rateClassName,
              })}
            </p>
            <p>{fill(t.pickupOn, { date: formatDate(quote.pickupDate, lang) })}</p>
            <a className="btn btn--primary" href="/register">
              {t.signupToBook}
            </a>
          </div>
        ) : null}
        <p className="muted">{fill(t.cutoff, { cutoff: localizeDigits(props.cutoff, lang) })}</p>
      </div>
    </div>
  );
}
