<?php
/**
 * REST routes: `POST /wp-json/product-configurator/v1/token` hands a shopper's page a
 * `Service.Configurator` token (credentials mode); `GET .../models` lists the service's models
 * for the block's sidebar (editors only).
 *
 * @package ProductConfigurator
 */

defined( 'ABSPATH' ) || exit;

add_action( 'rest_api_init', 'product_configurator_register_routes' );

/** Token requests a client address may make per minute before it gets 429. */
const PRODUCT_CONFIGURATOR_RATE_LIMIT = 30;

/** Registers the plugin's routes. */
function product_configurator_register_routes() {
	register_rest_route(
		'product-configurator/v1',
		'/token',
		array(
			'methods'             => 'POST',
			'callback'            => 'product_configurator_token_route',
			// Shoppers are anonymous: the route checks the page's origin and rate limits instead.
			'permission_callback' => '__return_true',
		)
	);
	register_rest_route(
		'product-configurator/v1',
		'/models',
		array(
			'methods'             => 'GET',
			'callback'            => 'product_configurator_models_route',
			'permission_callback' => static function () {
				return current_user_can( 'edit_posts' );
			},
		)
	);
}

/**
 * This site's origin (scheme, host and port of its home URL).
 *
 * @param string $url A URL; default the home URL.
 * @return string
 */
function product_configurator_site_origin( $url = '' ) {
	$parts = wp_parse_url( '' === $url ? home_url( '/' ) : $url );
	if ( ! is_array( $parts ) || empty( $parts['scheme'] ) || empty( $parts['host'] ) ) {
		return '';
	}
	return strtolower( $parts['scheme'] ) . '://' . strtolower( $parts['host'] ) . ( isset( $parts['port'] ) ? ':' . $parts['port'] : '' );
}

/**
 * Whether the request comes from one of this site's pages. Browsers send `Origin` on every POST;
 * `Referer` only stands in when a browser or an extension left `Origin` out. A request with
 * neither did not come from a page of this site in a browser.
 *
 * @param WP_REST_Request $request The request.
 * @return bool
 */
function product_configurator_origin_allowed( $request ) {
	$allowed = array_unique( array( product_configurator_site_origin(), product_configurator_site_origin( site_url( '/' ) ) ) );
	/**
	 * Filters the origins whose pages may get a shopper token from this site.
	 *
	 * @param string[] $allowed Origins like https://shop.example.
	 */
	$allowed = (array) apply_filters( 'product_configurator_allowed_origins', $allowed );
	$origin  = $request->get_header( 'origin' );
	if ( null !== $origin ) {
		return in_array( $origin, $allowed, true );
	}
	$referer = $request->get_header( 'referer' );
	return null !== $referer && in_array( product_configurator_site_origin( $referer ), $allowed, true );
}

/**
 * Takes one request from the caller's budget: a fixed one-minute window per client address
 * (hashed, so no address is stored in the options table).
 *
 * @return int Seconds to wait when the budget is spent, 0 when the request may go ahead.
 */
function product_configurator_rate_limit() {
	$address = isset( $_SERVER['REMOTE_ADDR'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REMOTE_ADDR'] ) ) : '';
	$window  = intdiv( time(), 60 );
	$key     = 'product_configurator_rl_' . md5( wp_salt( 'nonce' ) . $address . '|' . $window );
	$count   = (int) get_transient( $key );
	/**
	 * Filters how many token requests one client address may make per minute.
	 *
	 * @param int $limit Requests per minute.
	 */
	$limit = (int) apply_filters( 'product_configurator_rate_limit', PRODUCT_CONFIGURATOR_RATE_LIMIT );
	if ( $count >= $limit ) {
		return max( 1, ( $window + 1 ) * 60 - time() );
	}
	set_transient( $key, $count + 1, 120 );
	return 0;
}

/**
 * A JSON answer that no cache keeps.
 *
 * @param array<string, mixed> $body    The answer.
 * @param int                  $status  HTTP status.
 * @param array<string, string> $headers More headers.
 * @return WP_REST_Response
 */
function product_configurator_no_store( $body, $status = 200, $headers = array() ) {
	$response = new WP_REST_Response( $body, $status );
	$response->set_headers( array_merge( array( 'Cache-Control' => 'no-store' ), $headers ) );
	return $response;
}

/**
 * The token route.
 *
 * @param WP_REST_Request $request The request.
 * @return WP_REST_Response
 */
function product_configurator_token_route( $request ) {
	if ( ! product_configurator_origin_allowed( $request ) ) {
		return product_configurator_no_store(
			array(
				'code'    => 'origin_not_allowed',
				'message' => 'Tokens are only handed to pages of this site.',
			),
			403
		);
	}
	$wait = product_configurator_rate_limit();
	if ( $wait > 0 ) {
		return product_configurator_no_store(
			array(
				'code'    => 'rate_limited',
				'message' => 'Too many token requests; try again shortly.',
			),
			429,
			array( 'Retry-After' => (string) $wait )
		);
	}
	$body = $request->get_body();
	if ( strlen( $body ) > 16 * 1024 ) {
		return product_configurator_no_store(
			array(
				'code'    => 'payload_too_large',
				'message' => 'A token request carries at most a refused token.',
			),
			413
		);
	}
	$json     = '' === trim( $body ) ? array() : json_decode( $body, true );
	$rejected = is_array( $json ) && isset( $json['rejected'] ) && is_string( $json['rejected'] ) ? $json['rejected'] : '';
	try {
		$token = product_configurator_shopper_token( $rejected );
	} catch ( Product_Configurator_Token_Error $error ) {
		return product_configurator_no_store(
			array(
				'code'    => $error->error_code,
				'message' => $error->getMessage(),
			),
			$error->status
		);
	}
	return product_configurator_no_store(
		array(
			'access_token' => $token['token'],
			'token_type'   => 'Bearer',
			'expires_in'   => max( 1, $token['expires_at'] - time() ),
		)
	);
}

/**
 * The service's configuration models, for the block's model picker: `[{id, name}]`.
 *
 * @return WP_REST_Response
 */
function product_configurator_models_route() {
	$settings = product_configurator_settings();
	if ( '' === $settings['service_url'] ) {
		return product_configurator_no_store(
			array(
				'code'    => 'not_configured',
				'message' => __( 'Set the service address first (Settings > Product Configurator).', 'product-configurator' ),
			),
			503
		);
	}
	try {
		$token = product_configurator_editor_token( $settings );
	} catch ( Product_Configurator_Token_Error $error ) {
		return product_configurator_no_store(
			array(
				'code'    => $error->error_code,
				'message' => $error->getMessage(),
			),
			$error->status
		);
	}
	$response = wp_remote_get(
		untrailingslashit( $settings['service_url'] ) . '/configurator/3/configurator/configurationmodels?lang=' . rawurlencode( substr( get_user_locale(), 0, 2 ) ),
		array(
			'timeout'             => 10,
			'redirection'         => 0,
			'limit_response_size' => 1024 * 1024,
			'headers'             => array(
				'Authorization' => 'Bearer ' . $token,
				'Accept'        => 'application/json',
			),
		)
	);
	$json = is_wp_error( $response ) || 200 !== wp_remote_retrieve_response_code( $response ) ? null : json_decode( wp_remote_retrieve_body( $response ), true );
	if ( ! is_array( $json ) ) {
		return product_configurator_no_store(
			array(
				'code'    => 'upstream_unavailable',
				'message' => __( 'The service did not list its models.', 'product-configurator' ),
			),
			502
		);
	}
	$models = array();
	foreach ( $json as $model ) {
		if ( is_array( $model ) && isset( $model['name'] ) && is_string( $model['name'] ) ) {
			$models[] = array(
				'id'   => isset( $model['featureModelId'] ) && is_string( $model['featureModelId'] ) ? $model['featureModelId'] : '',
				'name' => $model['name'],
			);
		}
	}
	return product_configurator_no_store( $models );
}

/**
 * A shopper token for the editor's model list: the cached one in credentials mode, one from the
 * publishable key (asked with this site's origin, as a page would) in key mode.
 *
 * @param array<string, string> $settings The plugin's settings.
 * @return string
 * @throws Product_Configurator_Token_Error When neither gives a token.
 */
function product_configurator_editor_token( $settings ) {
	if ( 'credentials' === $settings['mode'] ) {
		return product_configurator_shopper_token()['token'];
	}
	$response = wp_remote_post(
		untrailingslashit( $settings['service_url'] ) . '/api/2/auth/embedtoken',
		array(
			'timeout'     => 10,
			'redirection' => 0,
			'headers'     => array(
				'Content-Type' => 'application/json',
				'Accept'       => 'application/json',
				'Origin'       => product_configurator_site_origin(),
			),
			'body'        => wp_json_encode( array( 'publishableKey' => $settings['publishable_key'] ) ),
		)
	);
	$json = is_wp_error( $response ) ? null : json_decode( wp_remote_retrieve_body( $response ), true );
	if ( ! is_array( $json ) || ! isset( $json['accessToken'] ) || ! is_string( $json['accessToken'] ) ) {
		throw new Product_Configurator_Token_Error( 502, 'upstream_rejected', 'The service gave no token for the publishable key.' );
	}
	return $json['accessToken'];
}
