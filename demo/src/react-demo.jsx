// React 19 host page. React renders <product-configurator> before the widget's script has
// even been requested: the script tag is added after React's first render (as a tag manager or
// a lazily loaded route would), and the element upgrades in place.
import {useCallback, useEffect, useRef, useState} from 'react';
import {createRoot} from 'react-dom/client';
import {eventTypes, fetchToken, summarise} from './demo-shared.js';

function loadWidgetScript() {
  if (document.querySelector('script[data-widget]')) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.src = '/dist/product-configurator.js';
  script.dataset.widget = '';
  document.head.append(script);
}

function Configurator({lang, onEvent}) {
  const ref = useRef(null);
  // A function (or any object) is a property, never an attribute. Setting it on the element
  // through a ref works before the tag is defined too: the element takes it over on upgrade.
  // (React 19 passes such values as properties only once the element is defined.)
  const attach = useCallback((el) => {
    if (el) el.fetchToken = fetchToken;
  }, []);
  useEffect(() => {
    const el = ref.current;
    for (const type of eventTypes) el.addEventListener(type, onEvent);
    return () => {
      for (const type of eventTypes) el.removeEventListener(type, onEvent);
    };
  }, [onEvent]);
  return (
    <product-configurator
      ref={(el) => {
        ref.current = el;
        attach(el);
      }}
      model="Office Chair"
      lang={lang}
    >
      <p slot="quote-footer" style={{margin: 0, fontSize: '0.85rem', color: '#5a6374'}}>
        React renders this footer into the widget&rsquo;s slot.
      </p>
    </product-configurator>
  );
}

function App() {
  const [lang, setLang] = useState('en');
  const [total, setTotal] = useState('');
  const [quotation, setQuotation] = useState('');
  const [events, setEvents] = useState([]);
  const [definedAtFirstRender] = useState(() => !!customElements.get('product-configurator'));

  useEffect(() => {
    // After React's first render and commit: now fetch the widget.
    loadWidgetScript();
  }, []);

  const onEvent = useCallback((e) => {
    if (e.detail?.price) setTotal(e.detail.price.label);
    if (e.type === 'configurator-quote-requested') setQuotation(e.detail.quotationId);
    setEvents((list) => [{type: e.type, payload: JSON.stringify(summarise(e))}, ...list]);
  }, []);

  return (
    <>
      <div className="intro">
        <div>
          <h1>React 19</h1>
          <p>
            The element is rendered by React, its <code>fetchToken</code> set as a property through
            a ref, its events read from <code>e.detail</code>. The widget&rsquo;s script loads only
            after React&rsquo;s first render.
          </p>
        </div>
        <label className="controls">
          Language
          <select id="lang" value={lang} onChange={(e) => setLang(e.target.value)}>
            <option value="en">English</option>
            <option value="nl">Nederlands</option>
            <option value="de">Deutsch</option>
            <option value="fr">Français</option>
          </select>
        </label>
      </div>
      <p className="status" data-testid="status">
        <span>
          Widget defined at React&rsquo;s first render:{' '}
          <strong id="defined-at-first-render">{definedAtFirstRender ? 'yes' : 'no'}</strong>
        </span>
        <span>
          Total (from <code>e.detail.price</code>): <strong id="total">{total || '…'}</strong>
        </span>
        <span>
          Quotation: <strong id="quotation">{quotation || '—'}</strong>
        </span>
      </p>
      <Configurator lang={lang} onEvent={onEvent} />
      <section className="log" aria-labelledby="log-title">
        <h2 id="log-title">Events received by React</h2>
        <ol id="events">
          {events.map((e, i) => (
            <li key={events.length - i} data-type={e.type}>
              <span className="name">{e.type}</span>
              <span className="payload">{e.payload}</span>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

createRoot(document.getElementById('app')).render(<App />);
