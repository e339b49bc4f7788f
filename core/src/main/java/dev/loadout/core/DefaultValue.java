package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * Makes a record component of a typed tool optional with a value used when the model leaves it out: the schema
 * lists it under {@code default} and not under {@code required}, and the record is bound with the default in its
 * place. The value is JSON text ({@code "7"}, {@code "\"metric\""}, {@code "[]"}), checked against the component's
 * schema when the tool is built.
 *
 * <pre>
 * record Forecast(String city, &#64;DefaultValue("3") &#64;Max(7) int days) {}
 * </pre>
 *
 * @see TypedTool
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface DefaultValue {

  /** The default as JSON text. */
  String value();
}
