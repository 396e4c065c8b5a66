<?php
/**
 * The block `product-configurator/configurator` and the shortcode `[product_configurator]`: both
 * print the same element, built by product_configurator_markup().
 *
 * @package ProductConfigurator
 */

defined( 'ABSPATH' ) || exit;

add_action( 'init', 'product_configurator_register_block' );
add_shortcode( 'product_configurator', 'product_configurator_shortcode' );

/** Registers the block from its block.json (editor script, view script and render file). */
function product_configurator_register_block() {
	register_block_type( PRODUCT_CONFIGURATOR_DIR . '/block' );
}

/**
 * The element for one configurator.
 *
 * @param array<string, mixed> $options `model`, `lang` (empty: the page's), `lazy` (bool), `accent`
 *                                      (a hex colour).
 * @param string               $wrapper Attributes of the wrapping div (the block's, or a class).
 * @return string HTML, every value escaped.
 */
function product_configurator_markup( $options, $wrapper = 'class="wp-product-configurator"' ) {
	$settings = product_configurator_settings();
	$model    = isset( $options['model'] ) ? trim( sanitize_text_field( (string) $options['model'] ) ) : '';
	if ( '' === $model || '' === $settings['service_url'] ) {
		// A visitor sees nothing; an editor learns what is missing.
		if ( ! current_user_can( 'edit_posts' ) ) {
			return '';
		}
		$text = '' === $model
			? __( 'Product configurator: choose a model.', 'product-configurator' )
			: __( 'Product configurator: set the service address in Settings > Product Configurator.', 'product-configurator' );
		return '<p class="wp-product-configurator-notice">' . esc_html( $text ) . '</p>';
	}
	wp_enqueue_script( PRODUCT_CONFIGURATOR_SCRIPT );
	// The block's is enqueued through block.json; a shortcode's arrives in the footer on classic
	// themes, and the widget then reserves its space itself.
	wp_enqueue_style( PRODUCT_CONFIGURATOR_SCRIPT );

	$attributes          = product_configurator_element_settings();
	$attributes['model'] = $model;
	$lang                = isset( $options['lang'] ) ? strtolower( (string) $options['lang'] ) : '';
	if ( preg_match( '/^[a-z]{2}$/', $lang ) ) {
		$attributes['lang'] = $lang;
	}
	if ( ! empty( $options['lazy'] ) ) {
		$attributes['loading'] = 'lazy';
	}
	$accent = isset( $options['accent'] ) ? sanitize_hex_color( (string) $options['accent'] ) : '';
	if ( $accent ) {
		$attributes['style'] = '--configurator-accent: ' . $accent;
	}
	$html = '';
	foreach ( $attributes as $name => $value ) {
		$html .= ' ' . $name . '="' . esc_attr( $value ) . '"';
	}
	return '<div ' . $wrapper . '><product-configurator' . $html . '></product-configurator></div>';
}

/**
 * `[product_configurator model="Office Chair" lang="nl" loading="lazy" accent="#0a7d5a"]`.
 *
 * @param array<string, string>|string $atts The shortcode's attributes.
 * @return string
 */
function product_configurator_shortcode( $atts ) {
	$atts = shortcode_atts(
		array(
			'model'   => '',
			'lang'    => '',
			'loading' => 'eager',
			'accent'  => '',
		),
		$atts,
		'product_configurator'
	);
	return product_configurator_markup(
		array(
			'model'  => $atts['model'],
			'lang'   => $atts['lang'],
			'lazy'   => 'lazy' === $atts['loading'],
			'accent' => $atts['accent'],
		)
	);
}
