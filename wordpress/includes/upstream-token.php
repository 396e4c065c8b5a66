<?php
/**
 * Shopper-scoped tokens from the service's token operation, cached for every visitor of the site:
 * the PHP counterpart of the project's Node token endpoint helper.
 *
 * @package ProductConfigurator
 */

defined( 'ABSPATH' ) || exit;

/** The one scope a shopper's page needs: configurator sessions and quote requests. */
const PRODUCT_CONFIGURATOR_SHOPPER_SCOPE = 'Service.Configurator';

/** A cached token is renewed this many seconds before it expires (at most half its life). */
const PRODUCT_CONFIGURATOR_RENEW_BEFORE = 60;

/**
 * A failure with a stable code, an HTTP status for the page, and a fixed message. Messages are
 * written here, never copied from the service's answer, which could echo what it was sent.
 */
class Product_Configurator_Token_Error extends Exception {
	/**
	 * The stable code (`upstream_unavailable`, `upstream_rejected`, ...).
	 *
	 * @var string
	 */
	public $error_code;

	/**
	 * The HTTP status the route answers.
	 *
	 * @var int
	 */
	public $status;

	/**
	 * Builds the error.
	 *
	 * @param int    $status     HTTP status.
	 * @param string $error_code Stable code.
	 * @param string $message    Fixed text for the page's developer.
	 */
	public function __construct( $status, $error_code, $message ) {
		parent::__construct( $message );
		$this->status     = $status;
		$this->error_code = $error_code;
	}
}

/**
 * A shopper token: the cached one while it has life left, else a new one from the service.
 *
 * @param string $rejected A token the page reports the service refused; dropped from the cache
 *                         when it is the cached one and was held for at least ten seconds (so
 *                         reports cannot make more than one upstream request per ten seconds).
 * @return array{token: string, expires_at: int, scope: string}
 * @throws Product_Configurator_Token_Error When no token can be had.
 */
function product_configurator_shopper_token( $rejected = '' ) {
	$settings    = product_configurator_settings();
	$fingerprint = md5( $settings['service_url'] . '|' . $settings['auth_url'] . '|' . $settings['scheme'] . '|' . $settings['client_id'] );
	$cached      = get_transient( 'product_configurator_token' );
	$now         = time();
	if ( is_array( $cached ) && isset( $cached['token'], $cached['expires_at'], $cached['issued_at'], $cached['fingerprint'] ) && $cached['fingerprint'] === $fingerprint ) {
		$life      = max( 1, $cached['expires_at'] - $cached['issued_at'] );
		$renew_at  = $cached['expires_at'] - min( PRODUCT_CONFIGURATOR_RENEW_BEFORE, intdiv( $life, 2 ) );
		$is_report = '' !== $rejected && hash_equals( $cached['token'], $rejected ) && $now - $cached['issued_at'] >= 10;
		if ( $now < $renew_at && ! $is_report ) {
			return $cached;
		}
	}
	$token = product_configurator_request_token( $settings );
	set_transient(
		'product_configurator_token',
		array_merge( $token, array( 'fingerprint' => $fingerprint ) ),
		max( 1, $token['expires_at'] - $now )
	);
	return $token;
}

/**
 * Asks the service for a `Service.Configurator` token with the stored credentials.
 *
 * @param array<string, string> $settings The plugin's settings.
 * @return array{token: string, expires_at: int, issued_at: int, scope: string}
 * @throws Product_Configurator_Token_Error When the service cannot be reached, refuses, or answers
 *                                          something that is not a shopper token.
 */
function product_configurator_request_token( $settings ) {
	if ( 'credentials' !== $settings['mode'] || '' === $settings['service_url'] || '' === $settings['client_id'] || '' === $settings['client_secret'] ) {
		throw new Product_Configurator_Token_Error( 503, 'not_configured', 'This site has not set up client credentials for the configurator (Settings > Product Configurator).' );
	}
	$scope = PRODUCT_CONFIGURATOR_SHOPPER_SCOPE;
	if ( 'client-credentials' === $settings['scheme'] ) {
		$base = '' !== $settings['auth_url'] ? $settings['auth_url'] : $settings['service_url'];
		$url  = untrailingslashit( $base ) . '/connect/token';
		$args = array(
			'headers' => array(
				'Content-Type' => 'application/x-www-form-urlencoded',
				'Accept'       => 'application/json',
			),
			'body'    => http_build_query(
				array(
					'grant_type'    => 'client_credentials',
					'client_id'     => $settings['client_id'],
					'client_secret' => $settings['client_secret'],
					'scope'         => $scope,
				),
				'',
				'&',
				PHP_QUERY_RFC1738
			),
		);
	} else {
		$url  = untrailingslashit( $settings['service_url'] ) . '/api/2/auth/serviceconnectlogin';
		$args = array(
			'headers' => array(
				'Content-Type' => 'application/json',
				'Accept'       => 'application/json',
			),
			'body'    => wp_json_encode(
				array(
					'clientId' => $settings['client_id'],
					'secret'   => $settings['client_secret'],
					'scope'    => $scope,
				)
			),
		);
	}
	if ( ! product_configurator_is_acceptable_url( $url ) ) {
		throw new Product_Configurator_Token_Error( 503, 'not_configured', 'The authorization server address must use https.' );
	}
	$issued_at = time();
	$response  = wp_remote_post(
		$url,
		array_merge(
			$args,
			array(
				'timeout'             => 10,
				// A redirect would re-send the secret to wherever it points: treat it as a refusal.
				'redirection'         => 0,
				'limit_response_size' => 64 * 1024,
			)
		)
	);
	if ( is_wp_error( $response ) ) {
		throw new Product_Configurator_Token_Error( 502, 'upstream_unavailable', 'The authorization server could not be reached.' );
	}
	$status = (int) wp_remote_retrieve_response_code( $response );
	$json   = json_decode( (string) wp_remote_retrieve_body( $response ), true );
	if ( $status >= 500 || 429 === $status ) {
		throw new Product_Configurator_Token_Error( 502, 'upstream_unavailable', 'The authorization server is unavailable.' );
	}
	if ( 400 === $status && is_array( $json ) && ( ( $json['error'] ?? '' ) === 'invalid_scope' || ( $json['code'] ?? '' ) === 'invalid_scope' ) ) {
		throw new Product_Configurator_Token_Error( 502, 'upstream_scope_refused', 'The authorization server does not grant the shopper scope Service.Configurator to these credentials.' );
	}
	if ( 200 !== $status ) {
		throw new Product_Configurator_Token_Error( 502, 'upstream_rejected', 'The authorization server refused the configured credentials.' );
	}
	if ( 'client-credentials' === $settings['scheme'] ) {
		$token    = $json['access_token'] ?? null;
		$lifetime = isset( $json['expires_in'] ) && is_numeric( $json['expires_in'] ) ? (int) $json['expires_in'] : 0;
	} else {
		$token = $json['accessToken'] ?? null;
		// Scheme 2 counts its lifetime in milliseconds.
		$lifetime = isset( $json['expiresIn'] ) && is_numeric( $json['expiresIn'] ) ? intdiv( (int) $json['expiresIn'], 1000 ) : 0;
	}
	$granted = is_array( $json ) && array_key_exists( 'scope', $json ) ? $json['scope'] : $scope;
	if ( ! is_string( $token ) || '' === $token || preg_match( '/\s/', $token ) || $lifetime <= 0 || ! is_string( $granted ) ) {
		throw new Product_Configurator_Token_Error( 502, 'upstream_invalid_response', 'The authorization server answered without a usable token.' );
	}
	$wider = array_diff( preg_split( '/\s+/', trim( $granted ) ), array( $scope ) );
	if ( count( $wider ) > 0 ) {
		// Handing this token out would give every visitor more than configuring and quoting.
		throw new Product_Configurator_Token_Error( 502, 'upstream_scope_widened', 'The authorization server granted more than the shopper scope; the token is not handed out.' );
	}
	return array(
		'token'      => $token,
		'issued_at'  => $issued_at,
		'expires_at' => $issued_at + $lifetime,
		'scope'      => $scope,
	);
}
