// The block in the editor: its settings in the sidebar and a live preview, the real element
// against the real service (the editor gets the same address and token source as the page).
// Plain script on WordPress's globals, so the plugin needs no build step of its own.
(function (blocks, blockEditor, components, element, i18n, apiFetch) {
  'use strict';
  const el = element.createElement;
  const __ = i18n.__;
  const languages = [
    {label: __("The page's language", 'product-configurator'), value: ''},
    {label: 'English', value: 'en'},
    {label: 'Nederlands', value: 'nl'},
    {label: 'Deutsch', value: 'de'},
    {label: 'Français', value: 'fr'},
  ];

  /** The service's models, asked for once per editor load. */
  let modelsPromise;
  function loadModels() {
    modelsPromise =
      modelsPromise ||
      apiFetch({path: '/product-configurator/v1/models'}).catch(function () {
        modelsPromise = undefined;
        return null;
      });
    return modelsPromise;
  }

  function ModelControl(props) {
    const state = element.useState(undefined);
    const models = state[0];
    const setModels = state[1];
    element.useEffect(function () {
      let live = true;
      loadModels().then(function (list) {
        if (live) setModels(Array.isArray(list) ? list : null);
      });
      return function () {
        live = false;
      };
    }, []);
    if (models && models.length) {
      const options = [{label: __('Choose a model', 'product-configurator'), value: ''}].concat(
        models.map(function (model) {
          return {label: model.name, value: model.name};
        }),
      );
      return el(components.SelectControl, {
        label: __('Model', 'product-configurator'),
        value: props.value,
        options: options,
        onChange: props.onChange,
      });
    }
    // Without the list (service unreachable, still loading) the name can be typed.
    return el(components.TextControl, {
      label: __('Model', 'product-configurator'),
      help:
        models === null
          ? __('The service did not list its models; type the model name.', 'product-configurator')
          : undefined,
      value: props.value,
      onChange: props.onChange,
    });
  }

  function Preview(attributes) {
    const settings = window.productConfiguratorEditor || {};
    if (!attributes.model) {
      return el(components.Placeholder, {
        icon: 'admin-generic',
        label: __('Product Configurator', 'product-configurator'),
        instructions: __('Choose a model in the block settings.', 'product-configurator'),
      });
    }
    const props = {model: attributes.model};
    Object.keys(settings).forEach(function (name) {
      if (settings[name]) props[name] = settings[name];
    });
    if (attributes.lang) props.lang = attributes.lang;
    if (attributes.accent) props.style = {'--configurator-accent': attributes.accent};
    props.ref = keepQuotesInTheEditor;
    return el('product-configurator', props);
  }

  /**
   * The preview is the real configurator, but trying its quote form in the editor must not send
   * a quote request to the shop's sales team: the submit is cancelled (the contract lets a host
   * take the quote over) and the editor says why.
   */
  function keepQuotesInTheEditor(node) {
    if (!node || node.dataset.editorPreview) return;
    node.dataset.editorPreview = 'true';
    node.addEventListener('configurator-quote-submit', function (event) {
      event.preventDefault();
      window.wp.data
        .dispatch('core/notices')
        .createNotice(
          'info',
          __('Quote requests are not sent from the editor preview.', 'product-configurator'),
          {type: 'snackbar', id: 'product-configurator-preview-quote'},
        );
    });
  }

  blocks.registerBlockType('product-configurator/configurator', {
    edit: function Edit(props) {
      const attributes = props.attributes;
      const set = function (name) {
        return function (value) {
          const change = {};
          change[name] = value === undefined ? '' : value;
          props.setAttributes(change);
        };
      };
      return el(
        element.Fragment,
        null,
        el(
          blockEditor.InspectorControls,
          null,
          el(
            components.PanelBody,
            {title: __('Configurator', 'product-configurator')},
            el(ModelControl, {value: attributes.model, onChange: set('model')}),
            el(components.SelectControl, {
              label: __('Language', 'product-configurator'),
              value: attributes.lang,
              options: languages,
              onChange: set('lang'),
            }),
            el(components.ToggleControl, {
              label: __('Start when scrolled into view', 'product-configurator'),
              checked: attributes.lazy,
              onChange: set('lazy'),
            }),
          ),
          el(blockEditor.PanelColorSettings, {
            title: __('Theme colour', 'product-configurator'),
            colorSettings: [
              {
                label: __('Accent', 'product-configurator'),
                value: attributes.accent || undefined,
                onChange: set('accent'),
              },
            ],
          }),
        ),
        el('div', blockEditor.useBlockProps(), Preview(attributes)),
      );
    },
    // Rendered on the server (render.php): nothing is saved in the post but the attributes.
    save: function () {
      return null;
    },
  });
})(
  window.wp.blocks,
  window.wp.blockEditor,
  window.wp.components,
  window.wp.element,
  window.wp.i18n,
  window.wp.apiFetch,
);
