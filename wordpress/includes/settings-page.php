<?php
/**
 * Settings > Product Configurator: the service's address and the token source. Only users who
 * may manage options see or save it; the Settings API adds the nonce and checks it on save.
 *
 * @package ProductConfigurator
 */

defined( 'ABSPATH' ) || exit;

add_action( 'admin_init', 'product_configurator_register_setting' );
add_action( 'admin_menu', 'product_configurator_add_settings_page' );
add_filter( 'plugin_action_links_' . plugin_basename( PRODUCT_CONFIGURATOR_FILE ), 'product_configurator_action_links' );

/** Registers the option with its sanitiser, so options.php accepts and cleans it. */
function product_configurator_register_setting() {
	register_setting(
		'product_configurator',
		PRODUCT_CONFIGURATOR_OPTION,
		array(
			'type'              => 'array',
			'sanitize_callback' => 'product_configurator_sanitize_settings',
			'default'           => product_configurator_defaults(),
			'show_in_rest'      => false,
		)
	);
}

/** Adds the page under Settings. */
function product_configurator_add_settings_page() {
	add_options_page(
		__( 'Product Configurator', 'product-configurator' ),
		__( 'Product Configurator', 'product-configurator' ),
		'manage_options',
		'product-configurator',
		'product_configurator_render_settings_page'
	);
}

/**
 * A "Settings" link beside the plugin's name on the Plugins screen.
 *
 * @param string[] $links The existing links.
 * @return string[]
 */
function product_configurator_action_links( $links ) {
	$url = admin_url( 'options-general.php?page=product-configurator' );
	array_unshift( $links, '<a href="' . esc_url( $url ) . '">' . esc_html__( 'Settings', 'product-configurator' ) . '</a>' );
	return $links;
}

/**
 * Prints the settings page. The client secret is never printed, not even masked. Notices
 * ("Settings saved", a refused address) come from wp-admin/options-head.php, as on every page
 * under Settings.
 */
function product_configurator_render_settings_page() {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	$settings   = product_configurator_settings();
	$name       = PRODUCT_CONFIGURATOR_OPTION;
	$has_secret = '' !== $settings['client_secret'];
	$in_config  = defined( 'PRODUCT_CONFIGURATOR_CLIENT_SECRET' );
	$token_url  = rest_url( 'product-configurator/v1/token' );
	?>
	<div class="wrap">
		<h1><?php echo esc_html( get_admin_page_title() ); ?></h1>
		<form method="post" action="options.php">
			<?php settings_fields( 'product_configurator' ); ?>
			<table class="form-table" role="presentation">
				<tr>
					<th scope="row"><label for="pc-service-url"><?php esc_html_e( 'Service address', 'product-configurator' ); ?></label></th>
					<td>
						<input type="url" class="regular-text code" id="pc-service-url" name="<?php echo esc_attr( $name ); ?>[service_url]" value="<?php echo esc_attr( $settings['service_url'] ); ?>" placeholder="https://api.configurator.example" required>
						<p class="description"><?php esc_html_e( 'The Configurator and Quotation Service the shopper\'s browser talks to. It must allow this site\'s origin.', 'product-configurator' ); ?> <code><?php echo esc_html( product_configurator_site_origin() ); ?></code></p>
					</td>
				</tr>
				<tr>
					<th scope="row"><?php esc_html_e( 'Token source', 'product-configurator' ); ?></th>
					<td>
						<fieldset>
							<label><input type="radio" name="<?php echo esc_attr( $name ); ?>[mode]" value="key" <?php checked( $settings['mode'], 'key' ); ?>> <?php esc_html_e( 'Publishable key (nothing secret is stored on this site)', 'product-configurator' ); ?></label><br>
							<label><input type="radio" name="<?php echo esc_attr( $name ); ?>[mode]" value="credentials" <?php checked( $settings['mode'], 'credentials' ); ?>> <?php esc_html_e( 'Client credentials (this site hands out shopper tokens)', 'product-configurator' ); ?></label>
						</fieldset>
					</td>
				</tr>
				<tr>
					<th scope="row"><label for="pc-publishable-key"><?php esc_html_e( 'Publishable key', 'product-configurator' ); ?></label></th>
					<td>
						<input type="text" class="regular-text code" id="pc-publishable-key" name="<?php echo esc_attr( $name ); ?>[publishable_key]" value="<?php echo esc_attr( $settings['publishable_key'] ); ?>" placeholder="pk_..." autocomplete="off">
						<p class="description"><?php esc_html_e( 'A key the service issued for this site\'s origin. It is public: it appears in every page with a configurator.', 'product-configurator' ); ?></p>
					</td>
				</tr>
				<tr>
					<th scope="row"><label for="pc-scheme"><?php esc_html_e( 'Credentials scheme', 'product-configurator' ); ?></label></th>
					<td>
						<select id="pc-scheme" name="<?php echo esc_attr( $name ); ?>[scheme]">
							<option value="application-login" <?php selected( $settings['scheme'], 'application-login' ); ?>><?php esc_html_e( 'Connect application (api/2/auth/serviceconnectlogin)', 'product-configurator' ); ?></option>
							<option value="client-credentials" <?php selected( $settings['scheme'], 'client-credentials' ); ?>><?php esc_html_e( 'OAuth client credentials (connect/token)', 'product-configurator' ); ?></option>
						</select>
					</td>
				</tr>
				<tr>
					<th scope="row"><label for="pc-auth-url"><?php esc_html_e( 'Authorization server', 'product-configurator' ); ?></label></th>
					<td>
						<input type="url" class="regular-text code" id="pc-auth-url" name="<?php echo esc_attr( $name ); ?>[auth_url]" value="<?php echo esc_attr( $settings['auth_url'] ); ?>">
						<p class="description"><?php esc_html_e( 'OAuth client credentials only; empty means the service address.', 'product-configurator' ); ?></p>
					</td>
				</tr>
				<tr>
					<th scope="row"><label for="pc-client-id"><?php esc_html_e( 'Client id', 'product-configurator' ); ?></label></th>
					<td><input type="text" class="regular-text code" id="pc-client-id" name="<?php echo esc_attr( $name ); ?>[client_id]" value="<?php echo esc_attr( $settings['client_id'] ); ?>" autocomplete="off"></td>
				</tr>
				<tr>
					<th scope="row"><label for="pc-client-secret"><?php esc_html_e( 'Client secret', 'product-configurator' ); ?></label></th>
					<td>
						<?php if ( $in_config ) : ?>
							<p><?php esc_html_e( 'Set in wp-config.php (PRODUCT_CONFIGURATOR_CLIENT_SECRET).', 'product-configurator' ); ?></p>
						<?php else : ?>
							<input type="password" class="regular-text code" id="pc-client-secret" name="<?php echo esc_attr( $name ); ?>[client_secret]" value="" autocomplete="new-password" placeholder="<?php echo $has_secret ? esc_attr__( 'Stored; leave empty to keep it', 'product-configurator' ) : ''; ?>">
						<?php endif; ?>
						<p class="description">
							<?php esc_html_e( 'Never sent to a browser. Shoppers\' pages get short-lived tokens limited to configuring and requesting quotes from:', 'product-configurator' ); ?>
							<code><?php echo esc_html( $token_url ); ?></code>
						</p>
					</td>
				</tr>
			</table>
			<?php submit_button(); ?>
		</form>
	</div>
	<?php
}
