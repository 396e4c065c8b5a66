<?php
/**
 * The editor script's dependencies (WordPress reads this file beside editor.js); the widget's
 * own script among them, so the live preview's element is defined in the editor too.
 *
 * @package ProductConfigurator
 */

defined( 'ABSPATH' ) || exit;

return array(
	'dependencies' => array( 'wp-api-fetch', 'wp-block-editor', 'wp-blocks', 'wp-components', 'wp-element', 'wp-i18n', 'wp-notices', 'product-configurator' ),
	'version'      => '0.1.0',
);
