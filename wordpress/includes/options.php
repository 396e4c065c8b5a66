<?php
/**
 * The plugin's one option: where the service is and how the page gets a shopper's token.
 *
 * @package ProductConfigurator
 */

defined( 'ABSPATH' ) || exit;

/** The option's name in the options table. */
const PRODUCT_CONFIGURATOR_OPTION = 'product_configurator_settings';

/**
 * Settings with their defaults.
 *
 * `mode` is `key` (a publishable key: the page asks the service itself, nothing secret is kept
 * here) or `credentials` (an integration's client id and secret: this site's REST route asks the
 * service and hands out shopper-scoped tokens). `scheme` is the service's token operation for
 * credentials: `application-login` (scheme 2) or `client-credentials` (scheme 1, OAuth).
 *
 * @return array<string, string>
 */
function product_configurator_defaults() {
	return array(
		'service_url'     => '',
		'mode'            => 'key',
		'publishable_key' => '',
		'scheme'          => 'application-login',
		'auth_url'        => '',
		'client_id'       => '',
		'client_secret'   => '',
	);
}

/**
 * The saved settings, completed with defaults. A `PRODUCT_CONFIGURATOR_CLIENT_SECRET` constant in
 * wp-config.php wins over the stored secret, so a site can keep the secret out of its database.
 *
 * @return array<string, string>
 */
function product_configurator_settings() {
	$saved    = get_option( PRODUCT_CONFIGURATOR_OPTION, array() );
	$settings = array_merge( product_configurator_defaults(), is_array( $saved ) ? $saved : array() );
	if ( defined( 'PRODUCT_CONFIGURATOR_CLIENT_SECRET' ) && is_string( PRODUCT_CONFIGURATOR_CLIENT_SECRET ) ) {
		$settings['client_secret'] = PRODUCT_CONFIGURATOR_CLIENT_SECRET;
	}
	return $settings;
}

/**
 * Whether a URL may carry a token or a secret: https, or plain http to this machine only.
 *
 * @param string $url An absolute URL.
 * @return bool
 */
function product_configurator_is_acceptable_url( $url ) {
	$parts = wp_parse_url( $url );
	if ( ! is_array( $parts ) || empty( $parts['scheme'] ) || empty( $parts['host'] ) ) {
		return false;
	}
	$scheme = strtolower( $parts['scheme'] );
	if ( 'https' === $scheme ) {
		return true;
	}
	return 'http' === $scheme && in_array( strtolower( $parts['host'] ), array( 'localhost', '127.0.0.1', '[::1]', '::1' ), true );
}

/**
 * Cleans what the settings form sent. Unknown fields are dropped; an unacceptable URL keeps the
 * previous value and says why; an empty secret field keeps the stored secret (the form never
 * shows it, so leaving it empty means "unchanged").
 *
 * @param mixed $input The submitted values.
 * @return array<string, string>
 */
function product_configurator_sanitize_settings( $input ) {
	$previous = product_configurator_settings();
	$input    = is_array( $input ) ? $input : array();
	$clean    = product_configurator_defaults();

	foreach ( array( 'service_url', 'auth_url' ) as $field ) {
		$value = isset( $input[ $field ] ) ? trim( (string) wp_unslash( $input[ $field ] ) ) : '';
		$value = untrailingslashit( esc_url_raw( $value, array( 'http', 'https' ) ) );
		if ( '' !== $value && ! product_configurator_is_acceptable_url( $value ) ) {
			add_settings_error(
				PRODUCT_CONFIGURATOR_OPTION,
				'product_configurator_' . $field,
				__( 'The service address must use https (plain http only for this machine). The previous address is kept.', 'product-configurator' )
			);
			$value = $previous[ $field ];
		}
		$clean[ $field ] = $value;
	}

	$mode          = isset( $input['mode'] ) ? sanitize_key( wp_unslash( $input['mode'] ) ) : 'key';
	$clean['mode'] = in_array( $mode, array( 'key', 'credentials' ), true ) ? $mode : 'key';

	$scheme          = isset( $input['scheme'] ) ? sanitize_key( wp_unslash( $input['scheme'] ) ) : '';
	$clean['scheme'] = in_array( $scheme, array( 'application-login', 'client-credentials' ), true ) ? $scheme : 'application-login';

	$key = isset( $input['publishable_key'] ) ? sanitize_text_field( wp_unslash( $input['publishable_key'] ) ) : '';
	// A publishable key is one printable token; anything else is a paste mistake.
	$clean['publishable_key'] = preg_match( '/^[A-Za-z0-9_\-.]{0,200}$/', $key ) ? $key : $previous['publishable_key'];

	$clean['client_id'] = isset( $input['client_id'] ) ? sanitize_text_field( wp_unslash( $input['client_id'] ) ) : '';

	$secret = isset( $input['client_secret'] ) ? (string) wp_unslash( $input['client_secret'] ) : '';
	// Secrets are kept byte for byte (no text sanitising that could change them), bounded.
	$stored                 = get_option( PRODUCT_CONFIGURATOR_OPTION, array() );
	$stored_secret          = is_array( $stored ) && isset( $stored['client_secret'] ) ? (string) $stored['client_secret'] : '';
	$clean['client_secret'] = '' === $secret ? $stored_secret : substr( $secret, 0, 1024 );

	if ( 'key' === $clean['mode'] && '' === $clean['publishable_key'] ) {
		add_settings_error( PRODUCT_CONFIGURATOR_OPTION, 'product_configurator_key', __( 'Publishable key mode needs a publishable key.', 'product-configurator' ) );
	}
	$has_secret = '' !== $clean['client_secret'] || defined( 'PRODUCT_CONFIGURATOR_CLIENT_SECRET' );
	if ( 'credentials' === $clean['mode'] && ( '' === $clean['client_id'] || ! $has_secret ) ) {
		add_settings_error( PRODUCT_CONFIGURATOR_OPTION, 'product_configurator_credentials', __( 'Client credentials mode needs a client id and a secret.', 'product-configurator' ) );
	}
	// New credentials or another service: a cached token belongs to the old ones.
	delete_transient( 'product_configurator_token' );
	return $clean;
}
