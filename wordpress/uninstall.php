<?php
/**
 * Removes what the plugin stored when it is deleted: its settings (with the client secret) and
 * its cached token. Rate-limit counters expire within two minutes on their own.
 *
 * @package ProductConfigurator
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'product_configurator_settings' );
delete_transient( 'product_configurator_token' );
