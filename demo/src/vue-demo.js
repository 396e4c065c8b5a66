// Vue 3 host page. The widget's script tag comes first in the page, but it is a loader: the
// element is defined once its chunk arrives, which may be after Vue mounts. `:fetchToken.prop`
// sets the property either way (the element takes it over on upgrade; without `.prop`, Vue
// would write an undefined element's binding as an attribute), `:lang` is a property of every
// element, and `@configurator-*` listeners receive the events with their payload in
// `$event.detail`.
import {createApp, ref} from 'vue';
import {eventTypes, fetchToken, summarise} from './demo-shared.js';

const app = createApp({
  setup() {
    const lang = ref('en');
    const total = ref('');
    const quotation = ref('');
    const events = ref([]);
    let next = 0;
    const onEvent = (e) => {
      if (e.detail?.price) total.value = e.detail.price.label;
      if (e.type === 'configurator-quote-requested') quotation.value = e.detail.quotationId;
      events.value.unshift({key: next++, type: e.type, payload: JSON.stringify(summarise(e))});
    };
    return {lang, total, quotation, events, onEvent, fetchToken, eventTypes};
  },
  template: `
    <div class="intro">
      <div>
        <h1>Vue 3</h1>
        <p>
          Vue binds <code>:fetchToken.prop</code> and <code>:lang</code>, listens with
          <code>@configurator-ready</code> and friends, and reads <code>$event.detail</code>.
        </p>
      </div>
      <label class="controls">
        Language
        <select id="lang" v-model="lang">
          <option value="en">English</option>
          <option value="nl">Nederlands</option>
          <option value="de">Deutsch</option>
          <option value="fr">Français</option>
        </select>
      </label>
    </div>
    <p class="status">
      <span>Total (from <code>$event.detail.price</code>): <strong id="total">{{ total || '…' }}</strong></span>
      <span>Quotation: <strong id="quotation">{{ quotation || '—' }}</strong></span>
    </p>
    <product-configurator
      model="Office Chair"
      :lang="lang"
      :fetchToken.prop="fetchToken"
      @configurator-ready="onEvent"
      @configurator-change="onEvent"
      @configurator-language-change="onEvent"
      @configurator-conflict="onEvent"
      @configurator-quote-submit="onEvent"
      @configurator-quote-requested="onEvent"
      @configurator-error="onEvent"
      @configurator-step="onEvent"
      @configurator-price-change="onEvent"
    >
      <p slot="quote-footer" style="margin: 0; font-size: 0.85rem; color: #5a6374">
        Vue renders this footer into the widget's slot.
      </p>
    </product-configurator>
    <section class="log" aria-labelledby="log-title">
      <h2 id="log-title">Events received by Vue</h2>
      <ol id="events">
        <li v-for="e in events" :key="e.key" :data-type="e.type">
          <span class="name">{{ e.type }}</span><span class="payload">{{ e.payload }}</span>
        </li>
      </ol>
    </section>
  `,
});
// Tell Vue's template compiler the tag is a custom element, not an unresolved component.
app.config.compilerOptions.isCustomElement = (tag) => tag === 'product-configurator';
app.mount('#app');
