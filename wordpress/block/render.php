<?php
/**
 * The block on the published page: the element with the block's settings.
 *
 * @package ProductConfigurator
 *
 * @var array<string, mixed> $attributes The block's attributes.
 */

defined( 'ABSPATH' ) || exit;

// The markup escapes every value itself; the wrapper attributes come escaped from WordPress.
echo product_configurator_markup( $attributes, get_block_wrapper_attributes() ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped
