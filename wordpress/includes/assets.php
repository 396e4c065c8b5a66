<?php
/**
 * The widget's script, shipped inside the plugin (no script from another host). It is
 * registered here and enqueued only where a configurator is shown: by the block (its
 * `viewScript`) and by the shortcode.
 *
 * @package ProductConfigurator
 */

defined( 'ABSPATH' ) || exit;

/** The widget script's handle. */
const PRODUCT_CONFIGURATOR_SCRIPT = 'product-configurator';

// Before the block (priority 10), whose block.json names this handle.
add_action( 'init', 'product_configurator_register_script', 5 );
add_filter( 'script_loader_tag', 'product_configurator_module_tag', 10, 2 );
add_action( 'enqueue_block_editor_assets', 'product_configurator_editor_settings' );

/**
 * Registers the widget's entry file, and the stylesheet that reserves the configurator's space
 * before the script runs (so the page does not move when it starts), under the same handle.
 */
function product_configurator_register_script() {
	wp_register_script(
		PRODUCT_CONFIGURATOR_SCRIPT,
		plugins_url( 'assets/product-configurator.js', PRODUCT_CONFIGURATOR_FILE ),
		array(),
		PRODUCT_CONFIGURATOR_VERSION,
		true
	);
	if ( file_exists( PRODUCT_CONFIGURATOR_DIR . '/assets/product-configurator.css' ) ) {
		wp_register_style(
			PRODUCT_CONFIGURATOR_SCRIPT,
			plugins_url( 'assets/product-configurator.css', PRODUCT_CONFIGURATOR_FILE ),
			array(),
			PRODUCT_CONFIGURATOR_VERSION
		);
	}
}

/**
 * Loads the widget as an ES module. WordPress 6.1 has no script modules (6.5 brought them), so the
 * classic registration is kept and only the tag's type changes; a module runs deferred, once.
 *
 * @param string $tag    The script tag.
 * @param string $handle The script's handle.
 * @return string
 */
function product_configurator_module_tag( $tag, $handle ) {
	if ( PRODUCT_CONFIGURATOR_SCRIPT !== $handle || false !== strpos( $tag, 'type="module"' ) ) {
		return $tag;
	}
	$tag = preg_replace( '/\stype=(["\'])text\/javascript\1/', '', $tag );
	return str_replace( '<script ', '<script type="module" ', $tag );
}

/**
 * Gives the block's editor script what its live preview needs: the service's address and the
 * token source, as the published page gets them. Nothing secret: the token route's URL or the
 * publishable key.
 */
function product_configurator_editor_settings() {
	$handle = generate_block_asset_handle( 'product-configurator/configurator', 'editorScript' );
	wp_add_inline_script(
		$handle,
		'window.productConfiguratorEditor = ' . wp_json_encode( product_configurator_element_settings() ) . ';',
		'before'
	);
}

/**
 * The element's attributes that come from the settings: `api-url` and one token source.
 *
 * @return array<string, string>
 */
function product_configurator_element_settings() {
	$settings = product_configurator_settings();
	$element  = array( 'api-url' => $settings['service_url'] );
	if ( 'credentials' === $settings['mode'] ) {
		$element['token-endpoint'] = rest_url( 'product-configurator/v1/token' );
	} else {
		$element['publishable-key'] = $settings['publishable_key'];
	}
	return $element;
}
