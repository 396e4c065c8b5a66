<?php
/**
 * Plugin Name:       Product Configurator
 * Description:       Places the product configurator on pages and posts (a block and a shortcode), so shoppers configure a product and request a quote from the Configurator and Quotation Service.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * Author:            Product Configurator contributors
 * License:           MIT
 * License URI:       https://opensource.org/licenses/MIT
 * Text Domain:       product-configurator
 * Domain Path:       /languages
 *
 * @package ProductConfigurator
 */

defined( 'ABSPATH' ) || exit;

define( 'PRODUCT_CONFIGURATOR_VERSION', '0.1.0' );
define( 'PRODUCT_CONFIGURATOR_FILE', __FILE__ );
define( 'PRODUCT_CONFIGURATOR_DIR', __DIR__ );

require_once __DIR__ . '/includes/options.php';
require_once __DIR__ . '/includes/settings-page.php';
require_once __DIR__ . '/includes/upstream-token.php';
require_once __DIR__ . '/includes/rest-routes.php';
require_once __DIR__ . '/includes/assets.php';
require_once __DIR__ . '/includes/embed.php';

add_action( 'init', 'product_configurator_load_textdomain' );

/**
 * Loads the plugin's translations from its languages folder (the directory's own language packs
 * take precedence where WordPress has them).
 */
function product_configurator_load_textdomain() {
	load_plugin_textdomain( 'product-configurator', false, dirname( plugin_basename( __FILE__ ) ) . '/languages' );
}
